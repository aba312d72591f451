// One titled section of a public page, labelled by its heading and linkable by `id`.
import type { ReactNode } from 'react';

export function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  // An id reference list splits on spaces: the heading's id is made of the title's words joined by dashes.
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-heading`;
  return (
    <section aria-labelledby={headingId} id={id} className="scroll-mt-24">
      <h2 id={headingId} className="text-xl font-semibold text-ink">
        {title}
      </h2>
      <div className="mt-2 space-y-3 leading-7">{children}</div>
    </section>
  );
}
