// The hold on new withdrawals after a security change (docs/decisions/0098), shown above everything on Withdraw so
// the investor learns it before filling the form: until when, and why. The form is disabled meanwhile.
import { useEffect } from 'react';
import { Link } from '@cropvest/web-kit/router';
import { Clock } from 'lucide-react';
import type { WithdrawalHoldReason } from '@cropvest/contracts/wallet/withdrawal-holds';
import { formatDateTime } from '@cropvest/ui/format';
import { useMyWithdrawalHoldQuery } from '../../api/wallet.ts';
import { useWithdrawMessages, type WithdrawMessageId } from './messages/catalogue.ts';

/** setTimeout's longest delay (about 24.8 days); a longer hold is read again when that fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Why withdrawals wait, in the words of WITHDRAWAL_HOLD_REASON_TEXT (the contract's English). */
const REASONS: Record<WithdrawalHoldReason, WithdrawMessageId> = {
  password_changed: 'withdraw.hold.reason.passwordChanged',
  password_reset: 'withdraw.hold.reason.passwordReset',
  email_changed: 'withdraw.hold.reason.emailChanged',
  two_factor_disabled: 'withdraw.hold.reason.twoFactorDisabled',
  two_factor_enabled: 'withdraw.hold.reason.twoFactorEnabled',
  address_added: 'withdraw.hold.reason.addressAdded',
  account_unfrozen: 'withdraw.hold.reason.accountUnfrozen',
};

/** Whether new withdrawals are on hold now (read fresh each time the screen opens). */
export function useWithdrawalHeld(): boolean {
  const hold = useMyWithdrawalHoldQuery(undefined, { refetchOnMountOrArgChange: true });
  return hold.data?.held ?? false;
}

export function WithdrawalHoldNotice() {
  const { text, rich } = useWithdrawMessages();
  const hold = useMyWithdrawalHoldQuery(undefined, { refetchOnMountOrArgChange: true });
  const { data, refetch } = hold;
  const until = data?.held ? data.until : null;
  // The form opens again by itself when the hold ends.
  useEffect(() => {
    if (!until) return;
    const timer = setTimeout(
      () => void refetch(),
      Math.min(Math.max(new Date(until).getTime() - Date.now(), 0) + 1000, MAX_TIMER_MS),
    );
    return () => clearTimeout(timer);
  }, [until, refetch]);
  if (!data?.held || !data.until || !data.reason) return null;
  return (
    <section
      aria-labelledby="withdrawal-hold-title"
      className="flex gap-3 rounded-lg border border-warning-border bg-warning-muted p-4 text-warning-ink"
    >
      <Clock aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-warning-ink" />
      <div className="min-w-0 space-y-1 text-sm">
        <h2 id="withdrawal-hold-title" className="text-base font-semibold">
          {rich('withdraw.hold.title', {
            until: formatDateTime(data.until),
            time: (chunks) => <time dateTime={data.until ?? undefined}>{chunks}</time>,
          })}
        </h2>
        <p>
          {data.since
            ? rich('withdraw.hold.becauseSince', {
                reason: text(REASONS[data.reason]),
                since: formatDateTime(data.since),
                time: (chunks) => <time dateTime={data.since ?? undefined}>{chunks}</time>,
              })
            : text('withdraw.hold.because', { reason: text(REASONS[data.reason]) })}
        </p>
        <p>
          {rich('withdraw.hold.ifNotYou', {
            security: (chunks) => (
              <Link to="/investor/profile?tab=security" className="font-semibold text-brand-ink underline">
                {chunks}
              </Link>
            ),
            support: (chunks) => (
              <Link to="/investor/support" className="font-semibold text-brand-ink underline">
                {chunks}
              </Link>
            ),
          })}
        </p>
      </div>
    </section>
  );
}
