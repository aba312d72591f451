// Labelled facts as a description list, each label muted above its value: a plan's facts on its card, an
// investor's answers on their profile. The grid (columns, gaps) is the caller's, since each place lays it out.
import { cn } from './cn.ts';

export function FactList({ facts, className }: { facts: readonly [string, string][]; className?: string }) {
  return (
    <dl className={cn('grid text-sm', className)}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-ink-muted">{label}</dt>
          <dd className="font-medium text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
