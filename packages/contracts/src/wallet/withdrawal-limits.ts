// Withdrawal limits (issue 26, docs/decisions/0099-withdrawal-limits.md): what an investor may request to withdraw in
// any 24 hours and any 30 days, by KYC level, set by admins (System Settings); an admin may raise one investor's
// limits with a reason, a second admin approving a raise at or above the four-eyes threshold.
import { z } from '../zod.ts';
import { requiredText, Timestamp, Uuid } from '../common.ts';
import { decimalInput, MoneyString } from '../decimal.ts';
import { compareAmounts } from '../money.ts';
import { KYC_LEVELS, LIMIT_WINDOWS } from './withdrawal-limit-rules.ts';

export * from './withdrawal-limit-rules.ts';

export const KycLevel = z.enum(KYC_LEVELS);
export type KycLevel = z.infer<typeof KycLevel>;

const LimitInput = (label: string) =>
  decimalInput({
    label,
    scale: 2,
    integerDigits: 10,
    positive: true,
    minMessage: `${label} must be positive`,
    requiredMessage: `${label} is required`,
  });

/** The System Settings inputs, one per KYC level and window. */
export const WithdrawalLimitInputs = {
  verifiedDaily: LimitInput('Verified 24-hour limit'),
  verifiedMonthly: LimitInput('Verified 30-day limit'),
  unverifiedDaily: LimitInput('Unverified 24-hour limit'),
  unverifiedMonthly: LimitInput('Unverified 30-day limit'),
};

/** The settings section `withdrawalLimits`: USDT per window for each KYC level. */
export const WithdrawalLimitSettings = z
  .object(WithdrawalLimitInputs)
  .strict()
  .openapi('WithdrawalLimitSettings');
export type WithdrawalLimitSettings = z.output<typeof WithdrawalLimitSettings>;

/** The defaults and why they are these: docs/decisions/0099-withdrawal-limits.md. */
export const DEFAULT_WITHDRAWAL_LIMITS: WithdrawalLimitSettings = {
  verifiedDaily: '25000.00',
  verifiedMonthly: '100000.00',
  unverifiedDaily: '1000.00',
  unverifiedMonthly: '3000.00',
};

export const DAILY_ABOVE_MONTHLY = 'A 24-hour limit must not be above the 30-day limit of its level';

/** Cross-field rule of the section: a day never allows more than the month around it. */
export function withdrawalLimitsProblem(limits: WithdrawalLimitSettings): string | null {
  if (
    compareAmounts(limits.verifiedDaily, limits.verifiedMonthly) > 0 ||
    compareAmounts(limits.unverifiedDaily, limits.unverifiedMonthly) > 0
  )
    return DAILY_ABOVE_MONTHLY;
  return null;
}

/** One window of an investor's limits: the limit, what pending and approved withdrawals in it used, what remains. */
export const WithdrawalLimitWindow = z
  .object({
    window: z.enum(LIMIT_WINDOWS),
    hours: z.number().int(),
    limit: MoneyString,
    used: MoneyString,
    remaining: MoneyString,
  })
  .openapi('WithdrawalLimitWindow');
export type WithdrawalLimitWindow = z.infer<typeof WithdrawalLimitWindow>;

/** An investor's limits now (`GET /api/withdrawals/limits`). */
export const WithdrawalLimits = z
  .object({
    kycLevel: KycLevel,
    /** Whether an admin raised this investor's limits above their level's. */
    raised: z.boolean(),
    day: WithdrawalLimitWindow,
    month: WithdrawalLimitWindow,
  })
  .openapi('WithdrawalLimits');
export type WithdrawalLimits = z.infer<typeof WithdrawalLimits>;

export const LIMIT_RAISE_STATUSES = ['awaiting_second_approval', 'applied', 'rejected'] as const;
export const LimitRaiseStatus = z.enum(LIMIT_RAISE_STATUSES);
export type LimitRaiseStatus = z.infer<typeof LimitRaiseStatus>;

/** An admin's raise of one investor's limits: the new limits (each at least the current one) and why. */
export const WithdrawalLimitRaiseRequest = z
  .object({
    dailyLimit: LimitInput('24-hour limit'),
    monthlyLimit: LimitInput('30-day limit'),
    reason: z
      .string(requiredText('Reason'))
      .trim()
      .min(1, 'Reason is required')
      .min(3, 'Reason must be at least 3 characters')
      .max(500, 'Reason must be at most 500 characters'),
  })
  .strict()
  .refine((raise) => compareAmounts(raise.dailyLimit, raise.monthlyLimit) <= 0, {
    message: 'The 24-hour limit must not be above the 30-day limit',
    path: ['dailyLimit'],
  })
  .openapi('WithdrawalLimitRaiseRequest');
export type WithdrawalLimitRaiseRequest = z.output<typeof WithdrawalLimitRaiseRequest>;

export const WithdrawalLimitRaise = z
  .object({
    id: Uuid,
    userId: Uuid,
    dailyLimit: MoneyString,
    monthlyLimit: MoneyString,
    /** The limits it replaces, as they were when it was requested. */
    previousDailyLimit: MoneyString,
    previousMonthlyLimit: MoneyString,
    reason: z.string(),
    requiresSecondApproval: z.boolean(),
    status: LimitRaiseStatus,
    requestedBy: Uuid,
    requestedByName: z.string().nullable(),
    reviewedBy: Uuid.nullable(),
    reviewedByName: z.string().nullable(),
    rejectionReason: z.string().nullable(),
    createdAt: Timestamp,
    reviewedAt: Timestamp.nullable(),
  })
  .openapi('WithdrawalLimitRaise');
export type WithdrawalLimitRaise = z.infer<typeof WithdrawalLimitRaise>;

/** The admin user page's view: the investor's limits and usage, and the latest raises (a held one first). */
export const AdminWithdrawalLimits = z
  .object({
    userId: Uuid,
    limits: WithdrawalLimits,
    raises: z.array(WithdrawalLimitRaise),
    /** The four-eyes threshold a raise (its increase in either window) is compared with. */
    secondApprovalThreshold: z.string(),
  })
  .openapi('AdminWithdrawalLimits');
export type AdminWithdrawalLimits = z.infer<typeof AdminWithdrawalLimits>;

export const WithdrawalLimitRaiseStatusUpdate = z
  .object({
    status: z.enum(['approved', 'rejected'], { error: 'status must be one of: approved, rejected' }),
    rejectionReason: z
      .string({ error: 'Rejection reason must be text' })
      .trim()
      .max(500, 'Rejection reason must be at most 500 characters')
      .nullish()
      .transform((value) => (value ? value : null)),
  })
  .strict()
  .openapi('WithdrawalLimitRaiseStatusUpdate');
export type WithdrawalLimitRaiseStatusUpdate = z.output<typeof WithdrawalLimitRaiseStatusUpdate>;
