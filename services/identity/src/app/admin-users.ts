// Admin user management: the paged lists and their counts, edit, ban or unban, and password reset links. Every
// action is audited.
import { randomUUID } from 'node:crypto';
import {
  money,
  MoneyDecimal,
  toMoneyString,
  WALLET_ADJUST_SUBJECT,
  type AdminUser,
  type AdminUserCounts,
  type AdminUserCountsQuery,
  type AdminUserListQuery,
  type AdminUserUpdate,
  type AdminUserUpdateResult,
  type BalanceAdjustmentOutcome,
  type BanRequest,
  type InvestorSummary,
  type PasswordResetIssued,
  type User,
  type WalletAdjustCommand,
  type WalletAdjustResult,
} from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { sendCommand } from '@cropvest/service-kit/bus';
import { inTransaction, type Page } from '@cropvest/service-kit/db';
import { BadRequestError, ConflictError, NotFoundError } from '@cropvest/service-kit/errors';
import { hashToken, newOpaqueToken } from '../domain/secrets.ts';
import {
  countAdminUsers,
  findUserById,
  investorBalances,
  isDuplicateEmail,
  lockUserRow,
  pageAdminUsers,
  toAdminUser,
  toUser,
  updateUser,
  type UserRow,
} from '../db/users.ts';
import { liveBalance } from './balances.ts';
import { endSessions } from './revocation.ts';
import { type IdentityContext, type RequestMeta } from './context.ts';

export async function adminUsers(ctx: IdentityContext, query: AdminUserListQuery): Promise<Page<AdminUser>> {
  const page = await pageAdminUsers(ctx.db, query);
  return { items: page.items.map(toAdminUser), total: page.total };
}

export const userCounts = (ctx: IdentityContext, query: AdminUserCountsQuery): Promise<AdminUserCounts> =>
  countAdminUsers(ctx.db, query);

/** The average is the exact sum over the count, rounded half-even to the money scale like every amount. */
export async function investorSummary(ctx: IdentityContext): Promise<InvestorSummary> {
  const { investors, combined } = await investorBalances(ctx.db);
  return {
    investors,
    combinedBalance: toMoneyString(combined),
    averageBalance: toMoneyString(investors === 0 ? 0 : money(combined).dividedBy(investors)),
  };
}

/**
 * The user page's header. Its balance is read live from the wallet, like /me: the page asks again right after an
 * admin approves an adjustment there, before the projection has heard of it.
 */
export async function oneUser(ctx: IdentityContext, id: string): Promise<AdminUser> {
  const user = await findUserById(ctx.db, id);
  if (!user) throw new NotFoundError('User not found', 'USER_NOT_FOUND');
  const balance = await liveBalance(ctx, id);
  return toAdminUser(balance === undefined ? user : { ...user, balance });
}

async function lockedTarget(trx: Parameters<typeof lockUserRow>[0], id: string): Promise<UserRow> {
  const user = await lockUserRow(trx, id);
  if (!user) throw new NotFoundError('User not found', 'USER_NOT_FOUND');
  return user;
}

/**
 * A balance edit is an adjustment transfer in the wallet (which owns money and audits it with the reason);
 * identity only refreshes its projection with the answer. It is checked before anything changes and sent
 * last, so a refused edit never moves money. The idempotency key lets a retried command answer the first
 * result instead of moving money twice. Under the four-eyes rule a large change is only requested here: the
 * answer says whether it was applied or awaits a second admin's approval in the wallet.
 */
async function balanceEditWanted(
  ctx: IdentityContext,
  id: string,
  balance: string | undefined,
  reason: string | undefined,
): Promise<boolean> {
  if (balance === undefined) return false;
  const user = await findUserById(ctx.db, id);
  if (!user) throw new NotFoundError('User not found', 'USER_NOT_FOUND');
  if (reason !== undefined) return true;
  if (new MoneyDecimal(balance).equals(user.balance)) return false;
  throw new BadRequestError(
    'Please give a reason (balanceReason) for the balance change',
    'BALANCE_REASON_REQUIRED',
  );
}

async function adjustBalance(
  ctx: IdentityContext,
  admin: AuthUser,
  id: string,
  balance: string,
  reason: string,
  meta: RequestMeta,
): Promise<BalanceAdjustmentOutcome | null> {
  const command: WalletAdjustCommand = {
    idempotencyKey: randomUUID(),
    userId: id,
    adminId: admin.id,
    balance,
    reason,
    ipAddress: meta.ip,
    traceparent: meta.traceparent,
  };
  const result = await sendCommand<WalletAdjustResult>(ctx.bus.nc, WALLET_ADJUST_SUBJECT, command, 10_000);
  // Read live either way: the answer shows the balance now, moved or (awaiting approval) not.
  await liveBalance(ctx, id);
  return result.balanceAdjustment;
}

export async function editUser(
  ctx: IdentityContext,
  admin: AuthUser,
  id: string,
  input: AdminUserUpdate,
  meta: RequestMeta,
): Promise<AdminUserUpdateResult> {
  const { balance, balanceReason, ...patch } = input;
  if (id === admin.id && patch.role && patch.role !== admin.role)
    throw new BadRequestError('You cannot change your own role', 'OWN_ROLE');
  const adjust = await balanceEditWanted(ctx, id, balance, balanceReason);
  const user = await editProfile(ctx, admin, id, patch, meta);
  if (!adjust) return { ...user, balanceAdjustment: null };
  const balanceAdjustment = await adjustBalance(
    ctx,
    admin,
    id,
    balance as string,
    balanceReason as string,
    meta,
  );
  return { ...(await oneUser(ctx, id)), balanceAdjustment };
}

async function editProfile(
  ctx: IdentityContext,
  admin: AuthUser,
  id: string,
  patch: Omit<AdminUserUpdate, 'balance' | 'balanceReason'>,
  meta: RequestMeta,
): Promise<User> {
  try {
    const updated = await inTransaction(ctx, async (trx) => {
      const before = await lockedTarget(trx, id);
      const changes = Object.fromEntries(
        Object.entries(patch).filter(
          ([key, value]) => value !== undefined && before[key as keyof UserRow] !== value,
        ),
      );
      if (Object.keys(changes).length === 0) return before;
      const after = await updateUser(trx, id, changes);
      await ctx.events.emit(
        trx,
        'user.updated',
        { userId: after.id, name: after.name, email: after.email, role: after.role },
        { actorId: admin.id, subjectId: after.id, traceparent: meta.traceparent },
      );
      const details = Object.fromEntries(
        Object.keys(changes).map((key) => [
          key,
          { from: before[key as keyof UserRow], to: after[key as keyof UserRow] },
        ]),
      );
      await ctx.events.audit(
        trx,
        {
          adminId: admin.id,
          action: 'user_edit',
          targetId: id,
          targetType: 'user',
          details,
          ipAddress: meta.ip,
        },
        meta.traceparent,
      );
      // A role lives in the access token: every token carrying the old one stops working at once; the
      // sessions stay, so the user's next refresh carries the new role.
      if (changes.role)
        await endSessions(ctx, trx, id, { tokensOnly: true }, 'role_changed', {
          actorId: admin.id,
          traceparent: meta.traceparent,
        });
      return after;
    });
    return toUser(updated);
  } catch (error) {
    if (isDuplicateEmail(error))
      throw new ConflictError('An account with this email already exists', 'EMAIL_TAKEN');
    throw error;
  }
}

/** A ban keeps its reason (audited too); an unban clears it. Banning a banned account changes nothing. */
export async function setBanned(
  ctx: IdentityContext,
  admin: AuthUser,
  id: string,
  { isBanned, reason }: BanRequest,
  meta: RequestMeta,
): Promise<AdminUser> {
  if (id === admin.id) throw new BadRequestError('You cannot ban your own account', 'OWN_BAN');
  const updated = await inTransaction(ctx, async (trx) => {
    const before = await lockedTarget(trx, id);
    if (before.is_banned === isBanned) return before;
    const after = await updateUser(
      trx,
      id,
      isBanned
        ? { is_banned: true, ban_reason: reason, banned_at: trx.fn.now() as unknown as Date }
        : { is_banned: false, ban_reason: null, banned_at: null },
    );
    if (isBanned)
      await endSessions(ctx, trx, id, { all: true }, 'banned', {
        actorId: admin.id,
        traceparent: meta.traceparent,
      });
    await ctx.events.emit(
      trx,
      'user.banned',
      { userId: id, isBanned },
      { actorId: admin.id, subjectId: id, traceparent: meta.traceparent },
    );
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: isBanned ? 'user_ban' : 'user_unban',
        targetId: id,
        targetType: 'user',
        ...(isBanned ? { details: { reason } } : {}),
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
    return after;
  });
  return toAdminUser(updated);
}

/** A single-use link valid for PASSWORD_RESET_TTL_MINUTES; the mail sender receives it through the event. */
export async function issuePasswordReset(
  ctx: IdentityContext,
  admin: AuthUser,
  id: string,
  meta: RequestMeta,
): Promise<PasswordResetIssued> {
  const expiresAt = new Date(Date.now() + ctx.config.PASSWORD_RESET_TTL_MINUTES * 60_000);
  await inTransaction(ctx, async (trx) => {
    const user = await lockedTarget(trx, id);
    const token = newOpaqueToken();
    // An older unused link stops working when a new one is issued.
    await trx('password_reset_tokens')
      .where({ user_id: id })
      .whereNull('used_at')
      .update({ used_at: trx.fn.now() });
    await trx('password_reset_tokens').insert({
      id: randomUUID(),
      user_id: id,
      token_hash: hashToken(token),
      expires_at: expiresAt,
      issued_by: admin.id,
    });
    await ctx.events.emit(
      trx,
      'user.password_reset_requested',
      {
        userId: id,
        email: user.email,
        name: user.name,
        resetToken: token,
        expiresAt: expiresAt.toISOString(),
      },
      { actorId: admin.id, subjectId: id, traceparent: meta.traceparent },
    );
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: 'user_password_reset',
        targetId: id,
        targetType: 'user',
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
  });
  return { message: 'Password reset email sent', expiresAt: expiresAt.toISOString(), userId: id };
}
