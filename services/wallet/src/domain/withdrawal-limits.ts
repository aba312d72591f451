// Withdrawal limits' arithmetic (docs/decisions/0099-withdrawal-limits.md), kept apart from the database so the
// sliding windows are tested on their own: what a KYC status's level is, the limits in force, what the pending and
// approved withdrawals of a window used and what remains, and whether a raise needs a second admin.
import {
  compareAmounts,
  LIMIT_WINDOW_HOURS,
  money,
  sumAmounts,
  toMoneyString,
  type KycLevel,
  type LimitWindow,
  type WithdrawalLimitSettings,
  type WithdrawalLimitWindow,
} from '@cropvest/contracts';

const HOUR_MS = 60 * 60 * 1000;

/** Only an approved review verifies an identity; none yet, a pending or a rejected one leaves it unverified. */
export const kycLevelOf = (kycStatus: string | null): KycLevel =>
  kycStatus === 'approved' ? 'verified' : 'unverified';

export interface WindowLimits {
  day: string;
  month: string;
}

/** The KYC level's limits from the settings section. */
export const levelLimits = (settings: WithdrawalLimitSettings, level: KycLevel): WindowLimits =>
  level === 'verified'
    ? { day: settings.verifiedDaily, month: settings.verifiedMonthly }
    : { day: settings.unverifiedDaily, month: settings.unverifiedMonthly };

const larger = (a: string, b: string): string => (compareAmounts(a, b) >= 0 ? a : b);

/**
 * The limits in force: an applied raise never lowers a window below its level's (an admin raising the level's
 * limits later lifts a raised investor too).
 */
export const limitsInForce = (level: WindowLimits, raised: WindowLimits | null): WindowLimits =>
  raised ? { day: larger(level.day, raised.day), month: larger(level.month, raised.month) } : level;

export interface CountedWithdrawal {
  amount: string;
  createdAt: Date;
}

/** When a window that ends now began: a withdrawal counts when it was requested after this instant. */
export const windowStart = (window: LimitWindow, now: Date): Date =>
  new Date(now.getTime() - LIMIT_WINDOW_HOURS[window] * HOUR_MS);

/**
 * One sliding window at `now`: the withdrawals requested in the last `hours` (pending and approved ones: the
 * caller leaves out the rejected), what they used of `limit` and what remains (never below zero, as a limit lowered
 * after the withdrawals were requested may leave less than they used).
 */
export function limitWindow(
  window: LimitWindow,
  limit: string,
  withdrawals: readonly CountedWithdrawal[],
  now: Date,
): WithdrawalLimitWindow {
  const start = windowStart(window, now).getTime();
  const used = sumAmounts(withdrawals.filter((w) => w.createdAt.getTime() > start).map((w) => w.amount));
  const left = money(limit).minus(used);
  return {
    window,
    hours: LIMIT_WINDOW_HOURS[window],
    limit: toMoneyString(limit),
    used,
    remaining: toMoneyString(left.isNegative() ? 0 : left),
  };
}

/** Whether `amount` fits what remains in both windows. */
export const fitsWithinLimits = (
  amount: string,
  windows: { day: WithdrawalLimitWindow; month: WithdrawalLimitWindow },
): boolean =>
  compareAmounts(amount, windows.day.remaining) <= 0 && compareAmounts(amount, windows.month.remaining) <= 0;

/** Whether a raise lifts at least one window and lowers none. */
export const isRaise = (current: WindowLimits, requested: WindowLimits): boolean =>
  compareAmounts(requested.day, current.day) >= 0 &&
  compareAmounts(requested.month, current.month) >= 0 &&
  (compareAmounts(requested.day, current.day) > 0 || compareAmounts(requested.month, current.month) > 0);

/**
 * A raise needs a second admin when it lets at least the four-eyes threshold more leave in either window: the
 * increase is the money the raise alone releases, as a balance adjustment's amount is.
 */
export const raiseNeedsTwoAdmins = (
  current: WindowLimits,
  requested: WindowLimits,
  needsTwoAdmins: (amount: string) => boolean,
): boolean =>
  needsTwoAdmins(toMoneyString(money(requested.day).minus(current.day))) ||
  needsTwoAdmins(toMoneyString(money(requested.month).minus(current.month)));
