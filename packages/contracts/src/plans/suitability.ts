// Suitability and loss capacity before investing, and the four days to reconsider (issue 25 items 8 and 9;
// docs/decisions/0094-suitability-and-reconsidering.md). ECSPR's model: the loss an investor can bear is 10 %
// of their net worth; a single investment above 5 % of it (so also above the capacity) needs an explicit
// acknowledgement of the warning.
import { z } from '../zod.ts';
import { Timestamp } from '../common.ts';
import { decimalInput, MoneyString } from '../decimal.ts';
import { money, readableAmount, toMoneyString } from '../money.ts';

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

export const InvestmentExperience = z.enum(['none', 'some', 'experienced'], {
  message: 'experience must be one of: none, some, experienced',
});
export type InvestmentExperience = z.infer<typeof InvestmentExperience>;
export const InvestmentPurpose = z.enum(['savings', 'income', 'growth', 'speculation'], {
  message: 'purpose must be one of: savings, income, growth, speculation',
});
export type InvestmentPurpose = z.infer<typeof InvestmentPurpose>;

const Wealth = (label: string) =>
  decimalInput({ label, scale: 2, integerDigits: 10, min: '0', minMessage: `${label} must not be negative` });

export const SuitabilityRequest = z
  .object({
    experience: InvestmentExperience,
    purpose: InvestmentPurpose,
    /** Assets minus debts, USDT. */
    netWorth: Wealth('Net worth').optional(),
    /** Yearly income after tax, USDT; stands in for net worth when that is not given. */
    yearlyIncome: Wealth('Yearly income').optional(),
  })
  .strict()
  .refine((answers) => answers.netWorth !== undefined || answers.yearlyIncome !== undefined, {
    message: 'Give your net worth or your yearly income',
    path: ['netWorth'],
    // Said with the other problems (an unanswered question), unless an amount given was itself refused.
    when: ({ value, issues }) =>
      typeof value === 'object' &&
      value !== null &&
      !issues.some((issue) => issue.path?.[0] === 'netWorth' || issue.path?.[0] === 'yearlyIncome'),
  })
  .openapi('SuitabilityRequest');
export type SuitabilityRequest = z.output<typeof SuitabilityRequest>;

export const Suitability = z
  .object({
    /** 1 for the first answers, one more for each update; investments record the version they were made with. */
    version: z.number().int(),
    experience: InvestmentExperience,
    purpose: InvestmentPurpose,
    netWorth: MoneyString.nullable(),
    yearlyIncome: MoneyString.nullable(),
    /** The estimated loss the investor can bear: 10 % of net worth, or of yearly income when no net worth is given. */
    lossCapacity: MoneyString,
    /** A single investment above this (5 % of the same base) needs `acknowledgedLossWarning: true`. */
    warningThreshold: MoneyString,
    answeredAt: Timestamp,
  })
  .openapi('Suitability');
export type Suitability = z.infer<typeof Suitability>;

/** The investor's current answers, or none yet; `required` says whether investing needs them now. */
export const SuitabilityStatus = z
  .object({ required: z.boolean(), answers: Suitability.nullable() })
  .openapi('SuitabilityStatus');
export type SuitabilityStatus = z.infer<typeof SuitabilityStatus>;

/** The base the capacity and the warning are shares of: net worth, else yearly income. */
const wealthBase = (answers: { netWorth?: string | null; yearlyIncome?: string | null }): string =>
  answers.netWorth ?? answers.yearlyIncome ?? '0';

export const lossCapacityOf = (answers: { netWorth?: string | null; yearlyIncome?: string | null }) =>
  toMoneyString(money(wealthBase(answers)).times(LOSS_CAPACITY_SHARE));
export const warningThresholdOf = (answers: { netWorth?: string | null; yearlyIncome?: string | null }) =>
  toMoneyString(money(wealthBase(answers)).times(LOSS_WARNING_SHARE));

/** The warning an investor must acknowledge before investing `principal`, or null when none applies. */
export function lossWarning(principal: string, answers: Suitability): string | null {
  if (!money(principal).greaterThan(answers.warningThreshold)) return null;
  const above = money(principal).greaterThan(answers.lossCapacity)
    ? `more than the ${readableAmount(answers.lossCapacity)} USDT you can bear to lose`
    : `more than 5 % of your ${answers.netWorth === null ? 'yearly income' : 'net worth'} (${readableAmount(answers.warningThreshold)} USDT)`;
  return `This investment of ${readableAmount(principal)} USDT is ${above}, by your own answers. You could lose all of it.`;
}
