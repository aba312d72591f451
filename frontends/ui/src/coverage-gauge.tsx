import { cn } from '@cropvest/ui/cn';
import { formatCoverage, formatUsdt } from '@cropvest/ui/format';
import { useUiMessages } from '@cropvest/ui/messages/catalogue';

/** What a plan holds to pay its harvest with (decision 0091): the figures every coverage gauge shows. */
export interface CoverageFigures {
  /** false: no proceeds recorded yet, said plainly instead of a 0 % gauge. */
  proceedsRecorded: boolean;
  proceeds: string;
  reserveAllocated: string;
  /** Principal plus interest accrued of the active investments: what is owed at harvest. */
  due: string;
  /** (proceeds + reserve allocated) / due, as a decimal string ("0.8125"); null while nothing is due. */
  coverage: string | null;
}

export interface CoverageGaugeProps {
  figures: CoverageFigures;
  /** The plan's title, so a screen reader hears which plan the gauge measures in a list of cards. */
  planTitle?: string;
  /** `compact` for cards and table cells: the bar and one line; `full` adds the proceeds and reserve split. */
  size?: 'compact' | 'full';
  className?: string;
}

/** Whether a money string is above zero, read from its digits (never through a float). */
const isPositive = (amount: string) => !amount.startsWith('-') && /[1-9]/.test(amount);

/** Whole percent of `ratio` for the bar's width, capped at 100 (a plan covered twice is shown full). */
function percentOf(ratio: string | null): number {
  if (ratio === null) return 0;
  const [whole = '0', fraction = ''] = ratio.split('.');
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return Math.min(100, Math.max(0, hundredths));
}

/**
 * "Proceeds received / due at harvest" as a meter (role meter, its value read as a percentage), with the
 * reserve allocated beside it. Plans without recorded proceeds say so plainly rather than showing an empty bar
 * that reads like a failing crop.
 */
export function CoverageGauge({ figures, planTitle, size = 'compact', className }: CoverageGaugeProps) {
  const { text: say } = useUiMessages();
  const label = planTitle ? say('ui.coverage.labelOf', { plan: planTitle }) : say('ui.coverage.label');
  if (!figures.proceedsRecorded && !isPositive(figures.reserveAllocated)) {
    return (
      <p className={cn('text-xs text-ink-muted', className)} data-testid="coverage-none">
        {isPositive(figures.due)
          ? say('ui.coverage.noneDue', { due: formatUsdt(figures.due) })
          : say('ui.coverage.none')}
      </p>
    );
  }
  const percent = percentOf(figures.coverage);
  const covered = figures.coverage !== null && percent >= 100;
  const text =
    figures.coverage === null
      ? say('ui.coverage.nothingDue')
      : say('ui.coverage.covered', { coverage: formatCoverage(figures.coverage) });
  const amounts = { proceeds: formatUsdt(figures.proceeds), due: formatUsdt(figures.due) };
  return (
    <div className={className} data-testid="coverage-gauge">
      <div className="flex justify-between gap-2 text-xs text-ink-muted">
        <span>
          {isPositive(figures.reserveAllocated)
            ? say('ui.coverage.figuresReserve', {
                ...amounts,
                reserve: formatUsdt(figures.reserveAllocated),
              })
            : say('ui.coverage.figures', amounts)}
        </span>
        <span className={cn('font-medium', covered ? 'text-brand' : 'text-warning-ink')}>{text}</span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="relative mt-1 h-2 overflow-hidden rounded-full bg-surface-strong"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] motion-reduce:transition-none',
            covered ? 'bg-brand' : 'bg-warning',
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
      {size === 'full' ? (
        <dl className="mt-2 grid grid-cols-3 gap-2 text-xs">
          <div>
            <dt className="text-ink-muted">{say('ui.coverage.proceeds')}</dt>
            <dd className="font-medium">{formatUsdt(figures.proceeds)}</dd>
          </div>
          <div>
            <dt className="text-ink-muted">{say('ui.coverage.reserve')}</dt>
            <dd className="font-medium">{formatUsdt(figures.reserveAllocated)}</dd>
          </div>
          <div>
            <dt className="text-ink-muted">{say('ui.coverage.due')}</dt>
            <dd className="font-medium">{formatUsdt(figures.due)}</dd>
          </div>
        </dl>
      ) : null}
    </div>
  );
}
