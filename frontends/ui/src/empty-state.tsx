import { createContext, useContext, type ReactNode } from 'react';
import { cn } from '@cropvest/ui/cn';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  /** Heading level for the title, so it fits the page outline; EmptyStateLevel's when not given. */
  level?: 2 | 3;
}

/**
 * The level an empty state's title takes where no `level` is given: 3, inside a section of a page, unless a part
 * of the page says otherwise. The list kit says 2: a list sits right under the page's title, and an h3 there
 * skipped a level (axe heading-order).
 */
export const EmptyStateLevel = createContext<2 | 3>(3);

/** Says plainly that there is nothing here yet, why, and what to do next. */
export function EmptyState({ icon, title, description, action, className, level }: EmptyStateProps) {
  const levelHere = useContext(EmptyStateLevel);
  const Heading = (level ?? levelHere) === 2 ? 'h2' : 'h3';
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center rounded-xl border border-dashed border-border-strong bg-surface px-6 py-10 text-center',
        className,
      )}
    >
      {icon ? (
        <div aria-hidden="true" className="mb-3 text-brand">
          {icon}
        </div>
      ) : null}
      <Heading className="text-base font-semibold text-ink">{title}</Heading>
      {description ? <div className="mt-1 max-w-md text-sm text-ink-muted">{description}</div> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}
