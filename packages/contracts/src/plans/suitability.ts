// Suitability and loss capacity before investing, and the four days to reconsider (issue 25 items 8 and 9;
// docs/decisions/0094-suitability-and-reconsidering.md). ECSPR's model: the loss an investor can bear is 10 %
// of their net worth; a single investment above 5 % of it (so also above the capacity) needs an explicit
// acknowledgement of the warning. The schemas; the rules the invest dialog needs are in suitability-rules.ts.
import { z } from '../zod.ts';
import { Timestamp } from '../common.ts';
import { decimalInput, MoneyString } from '../decimal.ts';

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
