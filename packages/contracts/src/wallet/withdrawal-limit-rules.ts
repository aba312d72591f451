// Withdrawal limits' words and windows without zod (docs/decisions/0099-withdrawal-limits.md), so the screens that show
// limits import them without the schemas; withdrawal-limits.ts re-exports them beside the schemas.
import { readableAmount } from '../money.ts';

/**
 * The KYC levels limits are set for. Identity verification has one outcome that counts (an approved review), so the
 * levels are its two states: `verified` (approved) and `unverified` (never submitted, pending or rejected).
 */
export const KYC_LEVELS = ['verified', 'unverified'] as const;
export type KycLevel = (typeof KYC_LEVELS)[number];
export const KYC_LEVEL_LABELS: Record<KycLevel, string> = {
  verified: 'Verified identity',
  unverified: 'Unverified identity',
};

/** The two sliding windows, newest first; their lengths in hours. */
export const LIMIT_WINDOWS = ['day', 'month'] as const;
export type LimitWindow = (typeof LIMIT_WINDOWS)[number];
export const LIMIT_WINDOW_HOURS: Record<LimitWindow, number> = { day: 24, month: 30 * 24 };

export const WITHDRAWAL_LIMIT_CODE = 'WITHDRAWAL_LIMIT';

/** The refusal of a request over a limit, naming what remains in each window. */
export const withdrawalLimitMessage = (limits: {
  day: { remaining: string };
  month: { remaining: string };
}): string =>
  `This withdrawal is over your withdrawal limit: ${readableAmount(limits.day.remaining)} USDT remains of your 24-hour limit and ${readableAmount(limits.month.remaining)} USDT of your 30-day limit.`;
