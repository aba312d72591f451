// An investor's withdrawal limits as the Withdraw screen and the admin user page show them (docs/decisions/0099): per
// sliding window, what remains (exact, never rounded up), the limit and what pending and approved withdrawals used.
import type { WithdrawalLimitWindow } from '@cropvest/contracts/wallet/withdrawal-limits';
import { money } from '@cropvest/contracts/money';
import { cn } from '@cropvest/ui/cn';
import { formatUsdt, formatUsdtPrecise } from '@cropvest/ui/format';
import { ProgressBar } from '@cropvest/ui/progress';
import { useUiMessages } from '@cropvest/ui/messages/catalogue';

/** The share of the limit used, 0-100, for the bar (decimal arithmetic; the bar rounds it). */
const usedPercent = (window: WithdrawalLimitWindow): number =>
  money(window.limit).isZero() ? 100 : money(window.used).div(window.limit).times(100).toNumber();

export function LimitWindows({
  day,
  month,
  className,
}: {
  day: WithdrawalLimitWindow;
  month: WithdrawalLimitWindow;
  className?: string;
}) {
  const { text } = useUiMessages();
  return (
    <dl className={cn('grid gap-4 sm:grid-cols-2', className)}>
      {[day, month].map((window) => {
        const daily = window.window === 'day';
        return (
          <div key={window.window} className="min-w-0 rounded-lg border border-border p-3">
            <dt className="text-sm font-medium text-ink-muted">
              {text(daily ? 'ui.limits.day' : 'ui.limits.month')}
            </dt>
            <dd className="mt-1">
              <span className="block text-lg font-bold tabular-nums text-ink">
                {text('ui.limits.remains', { amount: formatUsdtPrecise(window.remaining) })}
              </span>
              <ProgressBar
                value={usedPercent(window)}
                label={text(daily ? 'ui.limits.dayShare' : 'ui.limits.monthShare')}
              />
              <span className="mt-1 block text-xs text-ink-muted">
                {text(daily ? 'ui.limits.dayUsed' : 'ui.limits.monthUsed', {
                  used: formatUsdtPrecise(window.used),
                  limit: formatUsdt(window.limit),
                })}
              </span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
