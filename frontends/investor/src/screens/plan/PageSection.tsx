// The plan page's parts share one frame: a landmark named by its heading, its id the address's fragment.
import type { ReactNode } from 'react';

/** One part of the page: a landmark with its heading, reachable from the address by its id. */
export function PageSection({
  id,
  title,
  children,
  action,
  printOnly = false,
}: {
  id: string;
  title: string;
  children: ReactNode;
  action?: ReactNode;
  /** While true, printing the page prints this section alone (theme.css, data-print-only). */
  printOnly?: boolean;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
      data-print-only={printOnly || undefined}
      className="scroll-mt-20 space-y-4 focus:outline-none"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
