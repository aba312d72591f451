// The suitability rules (decision 0094) without the schemas, so the invest dialog's first screen carries no zod:
// the loss capacity and warning an investor's answers set, and the days to reconsider a purchase.
import { money, readableAmount, toMoneyString } from '../money.ts';
import type { Suitability } from './suitability.ts';

/** The share of net worth an investor can bear to lose (ECSPR). */
export const LOSS_CAPACITY_SHARE = '0.10';
/** The share of net worth above which a single investment needs the loss warning acknowledged. */
export const LOSS_WARNING_SHARE = '0.05';
/** Calendar days (UTC) after the day of purchase during which the investor may cancel. */
export const RECONSIDERATION_DAYS = 4;

/**
 * Until when an investment bought at `purchasedAt` can be cancelled: the end of the fourth calendar day (UTC)
 * after the day of purchase, i.e. midnight UTC five days after its UTC date (exclusive). The database sets the
 * investment's `cancellable_until` by the same rule; this is what the invest dialog announces before buying.
 */
export function reconsiderationEnd(purchasedAt: Date): Date {
  return new Date(
    Date.UTC(
      purchasedAt.getUTCFullYear(),
      purchasedAt.getUTCMonth(),
      purchasedAt.getUTCDate() + RECONSIDERATION_DAYS + 1,
    ),
  );
}

/** The base the capacity and the warning are shares of: net worth, else yearly income. */
const wealthBase = (answers: { netWorth?: string | null; yearlyIncome?: string | null }): string =>
  answers.netWorth ?? answers.yearlyIncome ?? '0';

export const lossCapacityOf = (answers: { netWorth?: string | null; yearlyIncome?: string | null }) =>
  toMoneyString(money(wealthBase(answers)).times(LOSS_CAPACITY_SHARE));
export const warningThresholdOf = (answers: { netWorth?: string | null; yearlyIncome?: string | null }) =>
  toMoneyString(money(wealthBase(answers)).times(LOSS_WARNING_SHARE));

/** The warning an investor must acknowledge before investing `principal`, or null when none applies. */
export function lossWarning(
  principal: string,
  answers: Pick<Suitability, 'lossCapacity' | 'warningThreshold' | 'netWorth'>,
): string | null {
  if (!money(principal).greaterThan(answers.warningThreshold)) return null;
  const above = money(principal).greaterThan(answers.lossCapacity)
    ? `more than the ${readableAmount(answers.lossCapacity)} USDT you can bear to lose`
    : `more than 5 % of your ${answers.netWorth === null ? 'yearly income' : 'net worth'} (${readableAmount(answers.warningThreshold)} USDT)`;
  return `This investment of ${readableAmount(principal)} USDT is ${above}, by your own answers. You could lose all of it.`;
}
