// Admin user management (spec section 7, Admin table).
import { z } from './zod.ts';
import { Email, Role, Timestamp, Uuid } from './common.ts';
import { PersonName, User } from './auth.ts';
import { BalanceAdjustmentOutcome, NonNegativeAmount } from './wallet.ts';

export const AdminUserList = z.array(User).openapi('AdminUserList');

/**
 * Only what an admin may change here. A `balance` (the new available balance) becomes an adjustment transfer in
 * the wallet service and needs `balanceReason` when it differs from the current balance.
 */
export const AdminUserUpdate = z
  .object({
    name: PersonName.optional(),
    email: Email.optional(),
    role: Role.optional(),
    balance: NonNegativeAmount.optional(),
    balanceReason: z
      .string({ error: 'balanceReason must be text' })
      .trim()
      .min(3, 'Balance reason must be at least 3 characters')
      .max(500, 'Balance reason must be at most 500 characters')
      .optional(),
  })
  .strict()
  .refine((patch) => patch.balanceReason === undefined || patch.balance !== undefined, {
    message: 'balanceReason is only accepted with balance',
    path: ['balanceReason'],
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Nothing to update' })
  .openapi('AdminUserUpdate');
export type AdminUserUpdate = z.infer<typeof AdminUserUpdate>;

/**
 * The edited user, and what became of a balance change: applied, or awaiting a second admin's approval under
 * the four-eyes rule (then `balance` is still the old one); `null` when no balance change was asked for.
 */
export const AdminUserUpdateResult = User.extend({
  balanceAdjustment: BalanceAdjustmentOutcome.nullable(),
}).openapi('AdminUserUpdateResult');
export type AdminUserUpdateResult = z.infer<typeof AdminUserUpdateResult>;

export const BanRequest = z
  .object({ isBanned: z.boolean({ message: 'isBanned must be true or false' }) })
  .strict()
  .openapi('BanRequest');
export type BanRequest = z.infer<typeof BanRequest>;

export const PasswordResetIssued = z
  .object({ message: z.string(), expiresAt: Timestamp, userId: Uuid })
  .openapi('PasswordResetIssued');
export type PasswordResetIssued = z.infer<typeof PasswordResetIssued>;
