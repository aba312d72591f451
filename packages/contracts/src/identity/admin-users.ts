// Admin user management (spec section 7, Admin table).
import { z } from '../zod.ts';
import { AdminSearch, Email, optionalText, PageQuery, Role, Timestamp, Uuid } from '../common.ts';
import { MoneyString } from '../decimal.ts';
import { PersonName, User } from './auth.ts';
import { BalanceAdjustmentOutcome, NonNegativeAmount } from '../wallet/model.ts';

/** A user as an admin sees them: with why and when they were banned (null while not banned). */
export const AdminUser = User.extend({
  banReason: z.string().nullable(),
  bannedAt: Timestamp.nullable(),
}).openapi('AdminUser');
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserStatusFilter = z.enum(['all', 'active', 'banned'], {
  error: 'status must be one of: all, active, banned',
});
export type AdminUserStatusFilter = z.infer<typeof AdminUserStatusFilter>;

export const AdminUserRoleFilter = z.enum(['all', 'investor', 'admin'], {
  error: 'role must be one of: all, investor, admin',
});
export type AdminUserRoleFilter = z.infer<typeof AdminUserRoleFilter>;

/** Name A–Z, balance highest first, newest first (the Manage Investors sorts; the user lists use newest). */
export const AdminUserSort = z.enum(['name', '-balance', '-createdAt'], {
  error: 'sort must be one of: name, -balance, -createdAt',
});
export type AdminUserSort = z.infer<typeof AdminUserSort>;

export const AdminUserListQuery = PageQuery.extend({
  /** Searched in the name and email; a whole user id finds that user. */
  q: AdminSearch,
  status: AdminUserStatusFilter.default('all'),
  role: AdminUserRoleFilter.default('all'),
  sort: AdminUserSort.default('-createdAt'),
})
  .strict()
  .openapi('AdminUserListQuery');
export type AdminUserListQuery = z.infer<typeof AdminUserListQuery>;

export const AdminUserCountsQuery = z
  .object({ q: AdminSearch, role: AdminUserRoleFilter.default('all') })
  .strict()
  .openapi('AdminUserCountsQuery');
export type AdminUserCountsQuery = z.infer<typeof AdminUserCountsQuery>;

/** How many users matching the search and role are in each status (the filter counters and the count badge). */
export const AdminUserCounts = z
  .object({ all: z.number().int(), active: z.number().int(), banned: z.number().int() })
  .openapi('AdminUserCounts');
export type AdminUserCounts = z.infer<typeof AdminUserCounts>;

/** Manage Investors' cards: every investor, their combined and average available balance (zero when none). */
export const InvestorSummary = z
  .object({ investors: z.number().int(), combinedBalance: MoneyString, averageBalance: MoneyString })
  .openapi('InvestorSummary');
export type InvestorSummary = z.infer<typeof InvestorSummary>;

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

/**
 * Ban or unban. The reason is stored with the ban, audited and shown to admins; the spec's request has only
 * `isBanned`, so the API keeps it optional and the screens ask for it. It is cleared by an unban.
 */
export const BanRequest = z
  .object({
    isBanned: z.boolean({ message: 'isBanned must be true or false' }),
    reason: optionalText('Ban reason', 500),
  })
  .strict()
  .refine((ban) => ban.isBanned || ban.reason === null, {
    message: 'A reason is only accepted with a ban',
    path: ['reason'],
  })
  .openapi('BanRequest');
export type BanRequest = z.infer<typeof BanRequest>;

export const PasswordResetIssued = z
  .object({ message: z.string(), expiresAt: Timestamp, userId: Uuid })
  .openapi('PasswordResetIssued');
export type PasswordResetIssued = z.infer<typeof PasswordResetIssued>;
