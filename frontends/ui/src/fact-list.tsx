// Labelled facts as a description list, each label muted above its value: a plan's facts on its card, an
// investor's answers on their profile, a deposit's or a withdrawal's page (where a value may be a badge, a copyable
// transaction id or a link). The grid (columns, gaps) is the caller's, since each place lays it out.
import type { ReactNode } from 'react';
import { cn } from '@cropvest/ui/cn';

export type Fact = readonly [label: string, value: ReactNode];

/** A fact that only some records have: none when `shown` is false, so a list reads `...factIf(...)`. */
export const factIf = (shown: boolean, label: string, value: ReactNode): Fact[] =>
  shown ? [[label, value]] : [];

export function FactList({ facts, className }: { facts: readonly Fact[]; className?: string }) {
  return (
    <dl className={cn('grid text-sm', className)}>
      {facts.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-ink-muted">{label}</dt>
          <dd className="break-words font-medium text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
