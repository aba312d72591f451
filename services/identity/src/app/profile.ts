// The owner's own profile: the name (saved at once), the email address (changed only once a link mailed to
// the new address is opened; the old address is told), and the Login Alerts switch.
import { randomUUID } from 'node:crypto';
import type {
  EmailChangeConfirmed,
  EmailChangeRequest,
  LoginAlertsSetting,
  PendingEmailChange,
  User,
} from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { type ServiceEvents } from '@cropvest/service-kit/bus';
import { inTransaction, type Knex } from '@cropvest/service-kit/db';
import { BadRequestError, ConflictError } from '@cropvest/service-kit/errors';
import { hashToken, newOpaqueToken } from '../domain/secrets.ts';
import {
  findUserByEmail,
  findUserById,
  isDuplicateEmail,
  lockUserRow,
  updateUser,
  type UserRow,
} from '../db/users.ts';
import { checkOwnPassword, currentUserProfile } from './auth.ts';
import { frozenRefusal } from './freeze-links.ts';
import { type IdentityContext, type RequestMeta } from './context.ts';

/** How long a confirmation link works: long enough to reach another device's inbox, short enough to go stale. */
export const EMAIL_CHANGE_TTL_MS = 24 * 3600_000;

const EMAIL_TAKEN = 'An account with this email already exists';
const INVALID_LINK = 'This email confirmation link is invalid or has expired';

interface EmailChangeRow {
  id: string;
  user_id: string;
  new_email: string;
  expires_at: Date;
  used_at: Date | null;
}

async function announceUpdate(
  events: ServiceEvents,
  trx: Knex.Transaction,
  user: UserRow,
  meta: RequestMeta,
): Promise<void> {
  await events.emit(
    trx,
    'user.updated',
    { userId: user.id, name: user.name, email: user.email, role: user.role },
    { actorId: user.id, subjectId: user.id, traceparent: meta.traceparent },
  );
}

/** Saves the owner's name and tells the services that show it (their user directories follow the event). */
export async function updateOwnProfile(
  ctx: IdentityContext,
  caller: AuthUser,
  name: string,
  meta: RequestMeta,
): Promise<User> {
  await inTransaction(ctx, async (trx) => {
    const before = (await lockUserRow(trx, caller.id)) as UserRow;
    if (before.name === name) return;
    await announceUpdate(ctx.events, trx, await updateUser(trx, caller.id, { name }), meta);
  });
  return currentUserProfile(ctx, caller.id);
}

/** The newest unexpired, unused request, if any: older ones were void the moment a newer one was made. */
async function pendingRow(db: Knex | Knex.Transaction, userId: string): Promise<EmailChangeRow | undefined> {
  return db('email_change_tokens')
    .where({ user_id: userId, used_at: null })
    .where('expires_at', '>', db.fn.now())
    .orderBy('created_at', 'desc')
    .first<EmailChangeRow | undefined>('id', 'user_id', 'new_email', 'expires_at', 'used_at');
}

const pendingView = (row: EmailChangeRow | undefined): PendingEmailChange => ({
  pending: row ? { newEmail: row.new_email, expiresAt: row.expires_at.toISOString() } : null,
});

export async function pendingEmailChange(
  ctx: IdentityContext,
  caller: AuthUser,
): Promise<PendingEmailChange> {
  return pendingView(await pendingRow(ctx.db, caller.id));
}

/**
 * Starts an email change: the current password must be right (wrong ones count like sign-ins), the address
 * must be free and new. A newer request voids the older links; the link goes to the new address only, so
 * nobody can move an account onto an address they cannot read.
 */
export async function startEmailChange(
  ctx: IdentityContext,
  caller: AuthUser,
  input: EmailChangeRequest,
  meta: RequestMeta,
): Promise<PendingEmailChange> {
  const user = await checkOwnPassword(ctx, caller.id, input.currentPassword, meta, new Date());
  if (input.newEmail === user.email)
    throw new BadRequestError('This is already your email address', 'SAME_EMAIL');
  if (await findUserByEmail(ctx.db, input.newEmail)) throw new ConflictError(EMAIL_TAKEN, 'EMAIL_TAKEN');
  const token = newOpaqueToken();
  const expiresAt = new Date(Date.now() + EMAIL_CHANGE_TTL_MS);
  const pending = await inTransaction(ctx, async (trx) => {
    await lockUserRow(trx, user.id);
    await trx('email_change_tokens')
      .where({ user_id: user.id, used_at: null })
      .update({ used_at: trx.fn.now() });
    const [row] = await trx('email_change_tokens')
      .insert({
        id: randomUUID(),
        user_id: user.id,
        new_email: input.newEmail,
        token_hash: hashToken(token),
        expires_at: expiresAt,
      })
      .returning<EmailChangeRow[]>(['id', 'user_id', 'new_email', 'expires_at', 'used_at']);
    await ctx.events.emit(
      trx,
      'user.email_change_requested',
      {
        userId: user.id,
        name: user.name,
        newEmail: input.newEmail,
        confirmToken: token,
        expiresAt: expiresAt.toISOString(),
      },
      { actorId: user.id, subjectId: user.id, traceparent: meta.traceparent },
    );
    return row;
  });
  return pendingView(pending);
}

/**
 * Opens the mailed link: single use, unexpired, and the address still free. Sessions stay open (the person who
 * can read the new mailbox is the one who asked, with the password); the old address is told by mail.
 */
export async function confirmEmailChange(
  ctx: IdentityContext,
  token: string,
  meta: RequestMeta,
): Promise<EmailChangeConfirmed> {
  try {
    const email = await inTransaction(ctx, async (trx) => {
      const row = await trx('email_change_tokens')
        .where({ token_hash: hashToken(token) })
        .forUpdate()
        .first<EmailChangeRow | undefined>('id', 'user_id', 'new_email', 'expires_at', 'used_at');
      if (!row || row.used_at || row.expires_at.getTime() <= Date.now())
        throw new BadRequestError(INVALID_LINK, 'INVALID_EMAIL_CHANGE_TOKEN');
      const before = (await lockUserRow(trx, row.user_id)) as UserRow;
      // A frozen account's address stays put: whoever froze it may have started this change (decision 0101).
      if (before.frozen_at) throw frozenRefusal(before);
      await trx('email_change_tokens').where({ id: row.id }).update({ used_at: trx.fn.now() });
      const after = await updateUser(trx, row.user_id, { email: row.new_email });
      await announceUpdate(ctx.events, trx, after, meta);
      await ctx.events.emit(
        trx,
        'user.email_changed',
        { userId: after.id, name: after.name, previousEmail: before.email, newEmail: after.email },
        { actorId: after.id, subjectId: after.id, traceparent: meta.traceparent },
      );
      return after.email;
    });
    return { email };
  } catch (error) {
    // Someone took the address between the request and the click.
    if (isDuplicateEmail(error)) throw new ConflictError(EMAIL_TAKEN, 'EMAIL_TAKEN');
    throw error;
  }
}

export async function loginAlerts(ctx: IdentityContext, caller: AuthUser): Promise<LoginAlertsSetting> {
  const user = await findUserById(ctx.db, caller.id);
  return { enabled: user?.login_alerts ?? true };
}

export async function setLoginAlerts(
  ctx: IdentityContext,
  caller: AuthUser,
  enabled: boolean,
): Promise<LoginAlertsSetting> {
  await ctx.db('users').where({ id: caller.id }).update({ login_alerts: enabled });
  return { enabled };
}
