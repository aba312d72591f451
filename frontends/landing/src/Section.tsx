// One titled section of a public page, labelled by its heading and linkable by `id`.
import { useId, type ReactNode } from 'react';

export function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  // The heading's id comes from React, not from the title: a title in another language or script would make no id.
  const generatedId = useId();
  const headingId = `${id ?? generatedId}-heading`;
  return (
    <section aria-labelledby={headingId} id={id} className="scroll-mt-24">
      <h2 id={headingId} className="text-xl font-semibold text-ink">
        {title}
      </h2>
      <div className="mt-2 space-y-3 leading-7">{children}</div>
    </section>
  );
}
