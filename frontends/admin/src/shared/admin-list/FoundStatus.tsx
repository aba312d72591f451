// The "N … found" line under an admin list's search and filters (spec: 'N deposits found'). It is a status
// region, so a screen reader announces the new total after each search or filter without moving focus.
import { cn } from '@cropvest/ui/cn';
import { formatCount } from '@cropvest/ui/format';

/** "1 deposit found", "1,200 withdrawals found". */
export const foundLine = (total: number, noun: string): string =>
  `${formatCount(total)} ${noun}${total === 1 ? '' : 's'} found`;

export function FoundStatus({
  total,
  noun,
  className,
}: {
  /** The list's total for the current search and filters; a blank line keeps the layout until it is known. */
  total: number | undefined;
  /** The singular noun ("deposit", "submission", "ticket"). */
  noun: string;
  className?: string;
}) {
  return (
    <p role="status" className={cn('text-sm text-ink-muted', className)}>
      {total === undefined ? '\u00a0' : foundLine(total, noun)}
    </p>
  );
}
