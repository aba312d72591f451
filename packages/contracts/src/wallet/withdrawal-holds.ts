// Holds after security changes (issue 26, docs/decisions/0098-withdrawal-holds-and-anti-phishing-code.md): for
// `withdrawalHoldHours` after a change that a thief who got into the account would make first, new withdrawals are
// refused, so the owner has time to hear of the change (every such change is mailed) and react.
import { z } from '../zod.ts';
import { Timestamp, Uuid } from '../common.ts';

export const WITHDRAWAL_HOLD_REASONS = [
  'password_changed',
  'password_reset',
  'email_changed',
  'two_factor_disabled',
  'two_factor_enabled',
  'address_added',
  'account_unfrozen',
] as const;
export const WithdrawalHoldReason = z.enum(WITHDRAWAL_HOLD_REASONS);
export type WithdrawalHoldReason = z.infer<typeof WithdrawalHoldReason>;

/** What caused a hold, as the refusal and the Withdraw screen word it ("… because your password was changed"). */
export const WITHDRAWAL_HOLD_REASON_TEXT: Record<WithdrawalHoldReason, string> = {
  password_changed: 'your password was changed',
  password_reset: 'your password was reset',
  email_changed: 'the email address of your account was changed',
  two_factor_disabled: 'two-factor authentication was switched off',
  two_factor_enabled: 'two-factor authentication was set up again',
  address_added: 'a new withdrawal address was saved',
  account_unfrozen: 'your account was unfrozen',
};

/** The investor's own hold: while `held`, new withdrawals are refused until `until` (the latest hold's end). */
export const WithdrawalHold = z
  .object({
    held: z.boolean(),
    until: Timestamp.nullable(),
    reason: WithdrawalHoldReason.nullable(),
    /** When the change that caused the hold (the one ending last) happened. */
    since: Timestamp.nullable(),
  })
  .openapi('WithdrawalHold');
export type WithdrawalHold = z.infer<typeof WithdrawalHold>;

/** One hold of an investor as the admin user page lists it: what caused it, when, until when, and whether it runs. */
export const AdminWithdrawalHold = z
  .object({
    id: Uuid,
    reason: WithdrawalHoldReason,
    changedAt: Timestamp,
    heldUntil: Timestamp,
    /** Still refusing new withdrawals (its end is after now, by the database's clock). */
    running: z.boolean(),
  })
  .openapi('AdminWithdrawalHold');
export type AdminWithdrawalHold = z.infer<typeof AdminWithdrawalHold>;

export const WITHDRAWAL_HOLD_CODE = 'WITHDRAWAL_HOLD';

/** The refusal of a withdrawal during a hold; the time in UTC, since the server knows no reader's time zone. */
export function withdrawalHoldMessage(reason: WithdrawalHoldReason, until: Date): string {
  const stamp = `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return `Withdrawals are on hold until ${stamp} because ${WITHDRAWAL_HOLD_REASON_TEXT[reason]}. This protects your money if someone else made the change; if it was not you, contact support at once.`;
}

/** While an account is frozen (decision 0101) no withdrawal is requested or approved. */
export const WITHDRAWALS_FROZEN_MESSAGE =
  'Withdrawals are stopped because this account is frozen. Unfreeze it first; new withdrawals are then on hold for a while.';
export const APPROVAL_FROZEN_MESSAGE =
  "This investor's account is frozen: the withdrawal cannot be approved until it is unfrozen. You can reject it.";
