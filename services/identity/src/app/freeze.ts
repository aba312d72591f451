// Freezing an account and unfreezing it (docs/decisions/0101-account-freeze.md): a freeze stops sign-ins, ends
// every session and (in the wallet) every withdrawal at once; undoing it takes the password, the second factor
// when enrolled and a mailed confirmation, and the wallet then holds new withdrawals for a while.
import { randomUUID } from 'node:crypto';
import {
  maskEmail,
  UNFREEZE_LINK_MINUTES,
  type AccountFreeze,
  type AdminAccountProtection,
  type FrozenBy,
  type UnfreezeRequest,
  type UnfreezeRequested,
} from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { type ServiceEvents } from '@cropvest/service-kit/bus';
import { inTransaction, type Knex } from '@cropvest/service-kit/db';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from '@cropvest/service-kit/errors';
import { burnPasswordCheck } from '../domain/passwords.ts';
import { hashToken, newOpaqueToken } from '../domain/secrets.ts';
import { refusePendingApprovals } from '../db/devices.ts';
import { readTwoFactor } from '../db/two-factor.ts';
import { findUserByEmail, findUserById, lockUserRow, updateUser, type UserRow } from '../db/users.ts';
import { checkOwnPassword, INVALID_CREDENTIALS } from './auth.ts';
import { approvalApplies } from './device-approval-requests.ts';
import { issueFreezeLink } from './freeze-links.ts';
import { endSessions } from './revocation.ts';
import { checkSecondFactor } from './two-factor.ts';
import { type IdentityContext, type RequestMeta } from './context.ts';

const stateOf = (user: Pick<UserRow, 'frozen_at' | 'frozen_by'>): AccountFreeze => ({
  frozen: user.frozen_at !== null,
  frozenAt: user.frozen_at?.toISOString() ?? null,
  frozenBy: user.frozen_by,
});

type Actor = RequestMeta & { actorId: string | null };

async function freezeAlert(
  events: ServiceEvents,
  trx: Knex.Transaction,
  userId: string,
  kind: 'account_frozen' | 'account_unfrozen',
  by: FrozenBy,
  actor: Actor,
): Promise<void> {
  // The wallet stops withdrawals on the freeze and holds them for a while after the unfreeze (decision 0101).
  await events.emit(
    trx,
    'user.security_alert',
    { userId, kind, by, ipAddress: actor.ip, failures: null, lockedUntil: null },
    { actorId: actor.actorId, subjectId: userId, traceparent: actor.traceparent },
  );
}

/**
 * Freezes the account in `trx`: every session ends and every sign-in waiting for approval is refused. Freezing a
 * frozen account changes nothing, except that an admin's freeze takes over the owner's (only an admin lifts it).
 */
export async function freezeAccount(
  ctx: IdentityContext,
  trx: Knex.Transaction,
  userId: string,
  by: FrozenBy,
  actor: Actor,
): Promise<UserRow> {
  const user = await lockUserRow(trx, userId);
  if (!user) throw new NotFoundError('User not found', 'USER_NOT_FOUND');
  if (user.frozen_at && (user.frozen_by === 'admin' || by === 'owner')) return user;
  const frozen = await updateUser(trx, userId, { frozen_at: user.frozen_at ?? new Date(), frozen_by: by });
  if (user.frozen_at) return frozen;
  await endSessions(ctx, trx, userId, { all: true }, 'account_frozen', actor);
  await refusePendingApprovals(trx, userId);
  // An email change started before the freeze (perhaps by whoever the owner is shutting out) is void.
  await trx('email_change_tokens')
    .where({ user_id: userId })
    .whereNull('used_at')
    .update({ used_at: trx.fn.now() });
  await freezeAlert(ctx.events, trx, userId, 'account_frozen', by, actor);
  return frozen;
}

/** The Security tab's one click. */
export const freezeOwnAccount = (
  ctx: IdentityContext,
  caller: AuthUser,
  meta: RequestMeta,
): Promise<AccountFreeze> =>
  inTransaction(ctx, async (trx) =>
    stateOf(await freezeAccount(ctx, trx, caller.id, 'owner', { actorId: caller.id, ...meta })),
  );

/** The link in a security mail: its token is the account's current freeze link, which stays valid until used. */
export async function freezeByLink(ctx: IdentityContext, token: string, meta: RequestMeta): Promise<void> {
  await inTransaction(ctx, async (trx) => {
    const user = await trx<UserRow>('users')
      .where({ freeze_token_hash: hashToken(token) })
      .first('id');
    if (!user)
      throw new BadRequestError(
        'This freeze link is no longer valid. Sign in and freeze the account from Profile & Settings, Security, or contact support.',
        'INVALID_FREEZE_LINK',
      );
    await freezeAccount(ctx, trx, user.id, 'owner', { actorId: user.id, ...meta });
  });
}

/**
 * Asking to unfreeze, signed out: the password (limited like sign-ins) and the second factor when enrolled;
 * then a link is mailed to the account's address, so a thief with the password alone cannot undo the freeze.
 */
export async function requestUnfreeze(
  ctx: IdentityContext,
  input: UnfreezeRequest,
  meta: RequestMeta,
): Promise<UnfreezeRequested> {
  const now = new Date();
  const found = await findUserByEmail(ctx.db, input.email);
  if (!found) {
    await burnPasswordCheck(input.password);
    throw new UnauthorizedError(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
  }
  const user = await checkOwnPassword(
    ctx,
    found.id,
    input.password,
    meta,
    now,
    () => new UnauthorizedError(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS'),
  );
  if (!user.frozen_at) throw new ConflictError('This account is not frozen.', 'NOT_FROZEN');
  if (user.frozen_by === 'admin')
    throw new ForbiddenError(
      'An administrator froze this account; only support can unfreeze it. Please contact support.',
      'ACCOUNT_FROZEN_BY_ADMIN',
    );
  if ((await readTwoFactor(ctx.db, user.id))?.enabled_at) {
    if (input.code) await checkSecondFactor(ctx, user.id, { code: input.code }, now);
    else if (input.recoveryCode)
      await checkSecondFactor(ctx, user.id, { recoveryCode: input.recoveryCode }, now);
    else
      throw new BadRequestError(
        'Enter the code from your authenticator app, or one of your recovery codes',
        'TWO_FACTOR_CODE_REQUIRED',
      );
  }
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + UNFREEZE_LINK_MINUTES * 60_000);
  await inTransaction(ctx, async (trx) => {
    await trx('unfreeze_tokens').insert({
      id: randomUUID(),
      user_id: user.id,
      token_hash: hashToken(token),
      expires_at: expiresAt,
    });
    await ctx.events.emit(
      trx,
      'user.unfreeze_requested',
      {
        userId: user.id,
        email: user.email,
        name: user.name,
        confirmToken: token,
        expiresAt: expiresAt.toISOString(),
      },
      { actorId: user.id, subjectId: user.id, traceparent: meta.traceparent },
    );
  });
  return { sentTo: maskEmail(user.email), expiresAt: expiresAt.toISOString() };
}

/** Lifts the freeze in `trx`; a new freeze link replaces the old, and the owner is told. */
async function unfreezeAccount(
  events: ServiceEvents,
  trx: Knex.Transaction,
  user: UserRow,
  by: FrozenBy,
  actor: Actor,
): Promise<UserRow> {
  const unfrozen = await updateUser(trx, user.id, { frozen_at: null, frozen_by: null });
  await issueFreezeLink(events, trx, user.id, actor.traceparent);
  await freezeAlert(events, trx, user.id, 'account_unfrozen', by, actor);
  return unfrozen;
}

/** The mailed link: single use, within the hour, and only while the freeze is still the owner's. */
export async function confirmUnfreeze(ctx: IdentityContext, token: string, meta: RequestMeta): Promise<void> {
  await inTransaction(ctx, async (trx) => {
    const row = await trx('unfreeze_tokens')
      .where({ token_hash: hashToken(token) })
      .forUpdate()
      .first<{ id: string; user_id: string; expires_at: Date; used_at: Date | null } | undefined>();
    if (!row || row.used_at || row.expires_at.getTime() <= Date.now())
      throw new BadRequestError(
        'This unfreeze link is invalid or has expired. Ask for a new one on the unfreeze page.',
        'INVALID_UNFREEZE_LINK',
      );
    await trx('unfreeze_tokens').where({ id: row.id }).update({ used_at: trx.fn.now() });
    const user = (await lockUserRow(trx, row.user_id)) as UserRow;
    if (!user.frozen_at) return;
    if (user.frozen_by === 'admin')
      throw new ForbiddenError(
        'An administrator froze this account; only support can unfreeze it. Please contact support.',
        'ACCOUNT_FROZEN_BY_ADMIN',
      );
    await unfreezeAccount(ctx.events, trx, user, 'owner', { actorId: user.id, ...meta });
  });
}

export async function adminAccountProtection(
  ctx: IdentityContext,
  userId: string,
): Promise<AdminAccountProtection> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new NotFoundError('User not found', 'USER_NOT_FOUND');
  return { ...stateOf(user), newDeviceApproval: approvalApplies(user) };
}

/** An admin freezes or unfreezes an account, with a reason the audit log keeps. */
export async function adminSetFreeze(
  ctx: IdentityContext,
  admin: AuthUser,
  userId: string,
  freeze: boolean,
  reason: string,
  meta: RequestMeta,
): Promise<AccountFreeze> {
  if (freeze && userId === admin.id)
    throw new BadRequestError('You cannot freeze your own account here.', 'CANNOT_FREEZE_SELF');
  return inTransaction(ctx, async (trx) => {
    const actor = { actorId: admin.id, ...meta };
    const user = await lockUserRow(trx, userId);
    if (!user) throw new NotFoundError('User not found', 'USER_NOT_FOUND');
    if (!freeze && !user.frozen_at) throw new ConflictError('This account is not frozen.', 'NOT_FROZEN');
    const changed = freeze
      ? await freezeAccount(ctx, trx, userId, 'admin', actor)
      : await unfreezeAccount(ctx.events, trx, user, 'admin', actor);
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: freeze ? 'user_freeze' : 'user_unfreeze',
        targetId: userId,
        targetType: 'user',
        details: { reason, ...(user.frozen_by ? { frozenBefore: user.frozen_by } : {}) },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
    return stateOf(changed);
  });
}
