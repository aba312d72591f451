// An investor's withdrawal limits as the Withdraw screen and the admin user page show them (docs/decisions/0099): per
// sliding window, what remains (exact, never rounded up), the limit and what pending and approved withdrawals used.
import { LIMIT_WINDOW_LABELS } from '@cropvest/contracts/wallet/withdrawal-limit-rules';
import type { WithdrawalLimitWindow } from '@cropvest/contracts/wallet/withdrawal-limits';
import { money } from '@cropvest/contracts/money';
import { cn } from './cn.ts';
import { formatUsdt, formatUsdtPrecise } from './format.ts';
import { ProgressBar } from './progress.tsx';

/** The share of the limit used, 0-100, for the bar (decimal arithmetic; the bar rounds it). */
const usedPercent = (window: WithdrawalLimitWindow): number =>
  money(window.limit).isZero() ? 100 : money(window.used).div(window.limit).times(100).toNumber();

/** What a window's row says for a screen reader and under the bar: used of the limit, in which time. */
const windowTime = (window: WithdrawalLimitWindow): string =>
  window.window === 'day' ? 'the last 24 hours' : 'the last 30 days';

export function LimitWindows({
  day,
  month,
  className,
}: {
  day: WithdrawalLimitWindow;
  month: WithdrawalLimitWindow;
  className?: string;
}) {
  return (
    <dl className={cn('grid gap-4 sm:grid-cols-2', className)}>
      {[day, month].map((window) => {
        const label = `${LIMIT_WINDOW_LABELS[window.window]} limit`;
        return (
          <div key={window.window} className="min-w-0 rounded-lg border border-border p-3">
            <dt className="text-sm font-medium text-ink-muted">{label}</dt>
            <dd className="mt-1">
              <span className="block text-lg font-bold tabular-nums text-ink">
                {formatUsdtPrecise(window.remaining)} remains
              </span>
              <ProgressBar value={usedPercent(window)} label={`Share of the ${label.toLowerCase()} used`} />
              <span className="mt-1 block text-xs text-ink-muted">
                {formatUsdtPrecise(window.used)} used of {formatUsdt(window.limit)} in {windowTime(window)}
              </span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
