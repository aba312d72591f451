// Sign-up, sign-in, sign-out and password reset.
import { randomUUID } from 'node:crypto';
import type {
  AuthResponse,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
  TokenPair,
  User,
} from '@cropvest/contracts';
import {
  ConflictError,
  emit,
  emitAudit,
  ForbiddenError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
  BadRequestError,
} from '@cropvest/service-kit';
import { afterFailure, isLocked, lockedMessage } from '../domain/lockout.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../domain/passwords.ts';
import { hashToken } from '../domain/secrets.ts';
import { toUser } from '../domain/users.ts';
import { readSettings } from '../db/settings.ts';
import { revokeAllForUser, revokeFamily } from '../db/sessions.ts';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  isDuplicateEmail,
  recordLoginAttempt,
  updateUser,
} from '../db/users.ts';
import { liveBalance } from './balances.ts';
import { openSession, rotateSession } from './sessions.ts';
import { SOURCE, type IdentityContext, type RequestMeta } from './context.ts';

const INVALID_CREDENTIALS = 'Invalid email or password';
export const BANNED_MESSAGE = 'Your account has been suspended. Please contact support.';
const MAINTENANCE_MESSAGE = 'The platform is under maintenance. Please try again later.';

export async function register(
  ctx: IdentityContext,
  input: RegisterRequest,
  meta: RequestMeta,
): Promise<AuthResponse> {
  const { general } = await readSettings(ctx.db);
  if (general.maintenanceMode) throw new ServiceUnavailableError(MAINTENANCE_MESSAGE, 'MAINTENANCE');
  if (!general.allowRegistrations)
    throw new ForbiddenError('New registrations are currently closed.', 'REGISTRATIONS_CLOSED');
  const passwordHash = await hashPassword(input.password);
  try {
    const response = await ctx.db.transaction(async (trx) => {
      const user = await insertUser(trx, {
        id: randomUUID(),
        name: input.name,
        email: input.email,
        password_hash: passwordHash,
        role: 'investor',
      });
      await emit(
        trx,
        'user.registered',
        { userId: user.id, name: user.name, email: user.email, role: user.role },
        { source: SOURCE, actorId: user.id, subjectId: user.id, traceparent: meta.traceparent },
      );
      const tokens = await openSession(trx, ctx.issuer, user);
      const signedIn = await updateUser(trx, user.id, { last_login_at: new Date() });
      return { ...tokens, user: toUser(signedIn) };
    });
    ctx.eventsWritten();
    return response;
  } catch (error) {
    if (isDuplicateEmail(error))
      throw new ConflictError('An account with this email already exists', 'EMAIL_TAKEN');
    throw error;
  }
}

export async function login(
  ctx: IdentityContext,
  input: LoginRequest,
  meta: RequestMeta,
): Promise<AuthResponse> {
  const { db } = ctx;
  const now = new Date();
  const attempt = (userId: string | null, succeeded: boolean, reason: string | null) =>
    recordLoginAttempt(db, { email: input.email, userId, ip: meta.ip, succeeded, reason });
  const user = await findUserByEmail(db, input.email);
  if (!user) {
    await burnPasswordCheck(input.password);
    await attempt(null, false, 'unknown_email');
    throw new UnauthorizedError(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
  }
  if (isLocked({ failedCount: user.failed_login_count, lockedUntil: user.locked_until }, now)) {
    await attempt(user.id, false, 'locked');
    throw new TooManyRequestsError(lockedMessage(user.locked_until as Date, now), 'ACCOUNT_LOCKED');
  }
  const settings = await readSettings(db);
  if (!(await verifyPassword(user.password_hash, input.password))) {
    // Count under a row lock so concurrent failures cannot slip past the limit.
    const lock = await db.transaction(async (trx) => {
      const fresh = await trx('users')
        .where({ id: user.id })
        .forUpdate()
        .first<{ failed_login_count: number }>('failed_login_count');
      const next = afterFailure(
        fresh.failed_login_count,
        settings.security.maxLoginAttempts,
        ctx.config.LOCKOUT_MINUTES,
        now,
      );
      await trx('users')
        .where({ id: user.id })
        .update({ failed_login_count: next.failedCount, locked_until: next.lockedUntil });
      return next.lockedUntil;
    });
    await attempt(user.id, false, lock ? 'bad_password_locked' : 'bad_password');
    if (lock) throw new TooManyRequestsError(lockedMessage(lock, now), 'ACCOUNT_LOCKED');
    throw new UnauthorizedError(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
  }
  if (user.is_banned) {
    await attempt(user.id, false, 'banned');
    throw new ForbiddenError(BANNED_MESSAGE, 'ACCOUNT_BANNED');
  }
  if (settings.general.maintenanceMode && user.role !== 'admin') {
    await attempt(user.id, false, 'maintenance');
    throw new ServiceUnavailableError(MAINTENANCE_MESSAGE, 'MAINTENANCE');
  }
  const response = await db.transaction(async (trx) => {
    const signedIn = await updateUser(trx, user.id, {
      failed_login_count: 0,
      locked_until: null,
      last_login_at: now,
    });
    const tokens = await openSession(trx, ctx.issuer, signedIn);
    // Admin sign-ins belong to the audit trail; investors' are kept in login_attempts.
    if (signedIn.role === 'admin' && settings.security.enableAuditLogs) {
      await emitAudit(
        trx,
        SOURCE,
        {
          adminId: signedIn.id,
          action: 'login',
          targetId: signedIn.id,
          targetType: 'user',
          ipAddress: meta.ip,
        },
        meta.traceparent,
      );
    }
    return { ...tokens, user: toUser(signedIn) };
  });
  ctx.eventsWritten();
  await attempt(user.id, true, null);
  return response;
}

export const refresh = (ctx: IdentityContext, refreshToken: string): Promise<TokenPair> =>
  rotateSession(ctx.db, ctx.issuer, refreshToken);

/** Revokes the session the refresh token belongs to; unknown tokens are ignored (logout always succeeds). */
export async function logout(ctx: IdentityContext, refreshToken: string): Promise<void> {
  const row = await ctx
    .db('refresh_tokens')
    .where({ token_hash: hashToken(refreshToken) })
    .first<{ family_id: string } | undefined>('family_id');
  if (row) await revokeFamily(ctx.db, row.family_id);
}

/** The signed-in user, with the live balance: the number they just changed shows at once. */
export async function currentUserProfile(ctx: IdentityContext, userId: string): Promise<User> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new UnauthorizedError('Your account no longer exists', 'USER_NOT_FOUND');
  if (user.is_banned) throw new ForbiddenError(BANNED_MESSAGE, 'ACCOUNT_BANNED');
  const balance = await liveBalance(ctx, userId);
  return toUser(balance === undefined ? user : { ...user, balance });
}

/** Consumes a single-use reset token; every session of the user ends. */
export async function resetPassword(ctx: IdentityContext, input: ResetPasswordRequest): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (trx) => {
    const token = await trx('password_reset_tokens')
      .where({ token_hash: hashToken(input.token) })
      .forUpdate()
      .first<{ id: string; user_id: string; expires_at: Date; used_at: Date | null } | undefined>();
    if (!token || token.used_at || token.expires_at.getTime() <= Date.now())
      throw new BadRequestError('This password reset link is invalid or has expired', 'INVALID_RESET_TOKEN');
    await trx('password_reset_tokens').where({ id: token.id }).update({ used_at: trx.fn.now() });
    await updateUser(trx, token.user_id, {
      password_hash: passwordHash,
      failed_login_count: 0,
      locked_until: null,
      password_changed_at: new Date(),
    });
    await revokeAllForUser(trx, token.user_id);
  });
}
