// Sign-up, sign-in, sign-out, password change and reset.
import { randomUUID } from 'node:crypto';
import type {
  AuthResponse,
  DeviceApprovalPending,
  ChangePasswordRequest,
  EventData,
  LoginRequest,
  RegisterRequest,
  TwoFactorChallenge,
  ResetPasswordRequest,
  TokenPair,
  User,
} from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { type ServiceEvents } from '@cropvest/service-kit/bus';
import { type Knex, inTransaction } from '@cropvest/service-kit/db';
import {
  ConflictError,
  ForbiddenError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
  BadRequestError,
} from '@cropvest/service-kit/errors';
import {
  accountCeiling,
  afterSourceFailure,
  delayedMessage,
  lockedMessage,
  secondsUntil,
  sourceBlock,
} from '../domain/lockout.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../domain/passwords.ts';
import { hashToken } from '../domain/secrets.ts';
import { deviceSource, deviceSourceOfHash, ipSource } from '../domain/sign-in-sources.ts';
import { trustDevice } from '../db/devices.ts';
import {
  approvalApplies,
  deviceOf,
  requestDeviceApproval,
  signsInFromSomewhereNew,
  type SignInClient,
} from './device-approval-requests.ts';
import { frozenRefusal, issueFreezeLink } from './freeze-links.ts';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  isDuplicateEmail,
  lockUserRow,
  recordLoginAttempt,
  toUser,
  updateUser,
  type UserRow,
} from '../db/users.ts';
import { readSettings } from '../db/settings.ts';
import { adminIpAllowed, IP_NOT_ALLOWED_MESSAGE } from './settings.ts';
import type { SessionClient } from '../db/sessions.ts';
import {
  accountFailuresSince,
  clearSources,
  ensureSourceRow,
  knownSources,
  readSourceState,
  rememberSources,
  saveSourceState,
} from '../db/sign-in-limits.ts';
import { liveBalance } from './balances.ts';
import { issueChallenge, twoFactorRequired } from './two-factor-challenges.ts';
import { endSessions } from './revocation.ts';
import { openSession, rotateSession } from './sessions.ts';
import { type IdentityContext, type RequestMeta } from './context.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const BANNED_MESSAGE = 'Your account has been suspended. Please contact support.';
const MAINTENANCE_MESSAGE = 'The platform is under maintenance. Please try again later.';

/** A refusal that tells the client when to try again (Retry-After). */
export class SignInRefused extends TooManyRequestsError {
  constructor(
    message: string,
    code: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, code);
  }
}

export type { SignInClient };

/** What a successful sign-up or sign-in answers, and the device cookie to keep (new or the one sent). */
export interface SignedIn {
  response: AuthResponse;
  device: string;
}

/**
 * Everything after the password was accepted: the session, the sources remembered, the device cookie. Only the
 * source the attempt was counted against is cleared: a device signing in on a shared IP does not lift a lock a
 * stranger earned on that IP.
 */
async function signIn(
  ctx: IdentityContext,
  trx: Knex.Transaction,
  user: UserRow,
  client: SignInClient,
  countedSource: string | null,
  registering = false,
): Promise<SignedIn> {
  const device = deviceOf(client);
  const deviceHash = hashToken(device);
  if (countedSource) await clearSources(trx, user.id, [countedSource]);
  const firstSource = (await knownSources(trx, user.id, null)).size === 0;
  // Reached only once a sign-in from somewhere new was approved, or with approval off: then Login Alerts tell.
  if (user.login_alerts && (await signsInFromSomewhereNew(trx, user.id, { ip: client.ip, device })))
    await securityAlert(
      ctx.events,
      trx,
      {
        userId: user.id,
        kind: 'new_sign_in',
        ipAddress: client.ip,
        userAgent: client.userAgent,
        failures: null,
        lockedUntil: null,
      },
      client.traceparent,
    );
  await rememberSources(trx, user.id, [ipSource(client.ip), deviceSourceOfHash(deviceHash)]);
  await trustDevice(
    trx,
    user.id,
    deviceHash,
    client,
    firstSource ? (registering ? 'registration' : 'first_sign_in') : 'known_network',
  );
  const tokens = await openSession(trx, ctx.issuer, user, client, deviceHash);
  return { response: { ...tokens, user: toUser(user) }, device };
}

export async function register(
  ctx: IdentityContext,
  input: RegisterRequest,
  client: SignInClient,
): Promise<SignedIn> {
  const { general } = await readSettings(ctx.db);
  if (general.maintenanceMode) throw new ServiceUnavailableError(MAINTENANCE_MESSAGE, 'MAINTENANCE');
  if (!general.allowRegistrations)
    throw new ForbiddenError('New registrations are currently closed.', 'REGISTRATIONS_CLOSED');
  const passwordHash = await hashPassword(input.password);
  try {
    const signedIn = await inTransaction(ctx, async (trx) => {
      const user = await insertUser(trx, {
        id: randomUUID(),
        name: input.name,
        email: input.email,
        password_hash: passwordHash,
        role: 'investor',
      });
      await ctx.events.emit(
        trx,
        'user.registered',
        { userId: user.id, name: user.name, email: user.email, role: user.role },
        { actorId: user.id, subjectId: user.id, traceparent: client.traceparent },
      );
      await issueFreezeLink(ctx.events, trx, user.id, client.traceparent);
      return signIn(
        ctx,
        trx,
        await updateUser(trx, user.id, { last_login_at: new Date() }),
        client,
        null,
        true,
      );
    });
    return signedIn;
  } catch (error) {
    if (isDuplicateEmail(error))
      throw new ConflictError('An account with this email already exists', 'EMAIL_TAKEN');
    throw error;
  }
}

async function securityAlert(
  events: ServiceEvents,
  trx: Knex.Transaction,
  data: EventData<'user.security_alert'>,
  traceparent: string | null,
): Promise<void> {
  await events.emit(trx, 'user.security_alert', data, { actorId: null, subjectId: data.userId, traceparent });
}

/**
 * Counts a wrong password against the account and source, under the source's row lock so concurrent failures
 * cannot slip past the limit. When the source locks, or the account reaches its ceiling, the owner is told by
 * mail (at most once per lock-out period); the ceiling also ends every session, and while it holds only
 * sources that signed in before may try.
 */
async function countFailure(
  ctx: IdentityContext,
  user: UserRow,
  source: string,
  client: RequestMeta,
  now: Date,
): Promise<{ lockedUntil: Date | null }> {
  const { security } = await readSettings(ctx.db);
  const lockMinutes = ctx.config.LOCKOUT_MINUTES;
  const outcome = await inTransaction(ctx, async (trx) => {
    await ensureSourceRow(trx, user.id, source);
    const before = await readSourceState(trx, user.id, source, true);
    const next = afterSourceFailure(
      before?.failures ? before : undefined,
      security.maxLoginAttempts,
      lockMinutes,
      now,
    );
    await saveSourceState(trx, user.id, source, { ...next, lastFailureAt: now });
    await recordLoginAttempt(trx, {
      email: user.email,
      userId: user.id,
      ip: client.ip,
      succeeded: false,
      reason: next.locked ? 'bad_password_locked' : 'bad_password',
    });
    const fresh = (await lockUserRow(trx, user.id)) as UserRow;
    const windowStart = new Date(now.getTime() - lockMinutes * 60_000);
    const accountLocked = fresh.locked_until !== null && fresh.locked_until.getTime() > now.getTime();
    const ceilingReached =
      !accountLocked &&
      (await accountFailuresSince(trx, user.id, windowStart)) >= accountCeiling(security.maxLoginAttempts);
    const alertDue = !fresh.sign_in_alert_at || fresh.sign_in_alert_at.getTime() <= windowStart.getTime();
    if (ceilingReached) {
      const lockedUntil = new Date(now.getTime() + lockMinutes * 60_000);
      await updateUser(trx, user.id, { locked_until: lockedUntil, sign_in_alert_at: now });
      await endSessions(ctx, trx, user.id, { all: true }, 'account_locked', {
        actorId: null,
        traceparent: client.traceparent,
      });
      await securityAlert(
        ctx.events,
        trx,
        {
          userId: user.id,
          kind: 'account_locked',
          ipAddress: client.ip,
          failures: accountCeiling(security.maxLoginAttempts),
          lockedUntil: lockedUntil.toISOString(),
        },
        client.traceparent,
      );
    } else if (next.locked && alertDue) {
      await updateUser(trx, user.id, { sign_in_alert_at: now });
      await securityAlert(
        ctx.events,
        trx,
        {
          userId: user.id,
          kind: 'sign_in_source_locked',
          ipAddress: client.ip,
          failures: next.failures,
          lockedUntil: next.blockedUntil?.toISOString() ?? null,
        },
        client.traceparent,
      );
    }
    return { lockedUntil: next.locked ? next.blockedUntil : null };
  });
  return outcome;
}

/** A right password opens a session, or, when two-factor applies, a challenge for the second step. */
export async function login(
  ctx: IdentityContext,
  input: LoginRequest,
  client: SignInClient,
): Promise<
  SignedIn | { challenge: TwoFactorChallenge } | { approval: DeviceApprovalPending; device: string }
> {
  const { db } = ctx;
  const now = new Date();
  const attempt = (userId: string | null, succeeded: boolean, reason: string | null) =>
    recordLoginAttempt(db, { email: input.email, userId, ip: client.ip, succeeded, reason });
  const user = await findUserByEmail(db, input.email);
  if (!user) {
    await burnPasswordCheck(input.password);
    await attempt(null, false, 'unknown_email');
    throw new UnauthorizedError(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
  }
  const settings = await readSettings(db);
  const fromIp = ipSource(client.ip);
  const fromDevice = deviceSource(client.device);
  const known = await knownSources(db, user.id, fromDevice ? [fromIp, fromDevice] : [fromIp]);
  // A device this account signed in from is counted on its own, apart from whoever shares its IP.
  const source = fromDevice && known.has(fromDevice) ? fromDevice : fromIp;
  const block = sourceBlock(
    await readSourceState(db, user.id, source),
    settings.security.maxLoginAttempts,
    now,
  );
  if (block) {
    await attempt(user.id, false, block.kind === 'locked' ? 'locked' : 'delayed');
    const wait = secondsUntil(block.until, now);
    if (block.kind === 'locked')
      throw new SignInRefused(lockedMessage(block.until, now), 'ACCOUNT_LOCKED', wait);
    throw new SignInRefused(delayedMessage(block.until, now), 'SIGN_IN_DELAYED', wait);
  }
  if (known.size === 0 && user.locked_until && user.locked_until.getTime() > now.getTime()) {
    await attempt(user.id, false, 'locked');
    throw new SignInRefused(
      lockedMessage(user.locked_until, now),
      'ACCOUNT_LOCKED',
      secondsUntil(user.locked_until, now),
    );
  }
  if (!(await verifyPassword(user.password_hash, input.password))) {
    const { lockedUntil } = await countFailure(ctx, user, source, client, now);
    if (lockedUntil)
      throw new SignInRefused(
        lockedMessage(lockedUntil, now),
        'ACCOUNT_LOCKED',
        secondsUntil(lockedUntil, now),
      );
    throw new UnauthorizedError(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
  }
  if (user.is_banned) {
    await attempt(user.id, false, 'banned');
    throw new ForbiddenError(BANNED_MESSAGE, 'ACCOUNT_BANNED');
  }
  if (user.frozen_at) {
    await attempt(user.id, false, 'frozen');
    throw frozenRefusal(user);
  }
  if (user.role === 'admin' && !adminIpAllowed(settings.security, client.ip)) {
    await attempt(user.id, false, 'ip_not_allowed');
    throw new ForbiddenError(IP_NOT_ALLOWED_MESSAGE, 'IP_NOT_ALLOWED');
  }
  if (settings.general.maintenanceMode && user.role !== 'admin') {
    await attempt(user.id, false, 'maintenance');
    throw new ServiceUnavailableError(MAINTENANCE_MESSAGE, 'MAINTENANCE');
  }
  // The approval comes before the second step: whoever enrols or answers it must be on an approved device.
  if (approvalApplies(user) && (await signsInFromSomewhereNew(db, user.id, client))) {
    await attempt(user.id, false, 'device_approval');
    return requestDeviceApproval(ctx, user, client, source, now);
  }
  return continueSignIn(ctx, user, client, source, now);
}

/** After the password (and the device's approval): the second step's challenge when it applies, or the session. */
export async function continueSignIn(
  ctx: IdentityContext,
  user: UserRow,
  client: SignInClient,
  source: string,
  now: Date,
): Promise<SignedIn | { challenge: TwoFactorChallenge }> {
  const { db } = ctx;
  const settings = await readSettings(db);
  const attempt = (reason: string) =>
    recordLoginAttempt(db, { email: user.email, userId: user.id, ip: client.ip, succeeded: false, reason });
  const required = await twoFactorRequired(db, user, settings.security.enableTwoFactor);
  if (required) {
    await attempt(`two_factor_${required}`);
    return { challenge: await issueChallenge(ctx, user, required, source, now) };
  }
  return finishSignIn(ctx, user, client, source, now);
}

/**
 * Opens the session once every step passed (the password, and the second step when there is one): the
 * password must still be the one checked, and the account not banned meanwhile. Admin sign-ins are audited.
 */
export async function finishSignIn(
  ctx: IdentityContext,
  user: UserRow,
  client: SignInClient,
  countedSource: string,
  now: Date,
): Promise<SignedIn> {
  const { security } = await readSettings(ctx.db);
  const signedIn = await inTransaction(ctx, async (trx) => {
    const locked = (await lockUserRow(trx, user.id)) as UserRow;
    // The password changed between the check and this lock: the one just verified is no longer valid.
    if (locked.password_hash !== user.password_hash)
      throw new UnauthorizedError(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
    if (locked.is_banned) throw new ForbiddenError(BANNED_MESSAGE, 'ACCOUNT_BANNED');
    if (locked.frozen_at) throw frozenRefusal(locked);
    const current = await updateUser(trx, user.id, { last_login_at: now });
    const result = await signIn(ctx, trx, current, client, countedSource);
    // Admin sign-ins belong to the audit trail; investors' are kept in login_attempts.
    if (current.role === 'admin' && security.enableAuditLogs) {
      await ctx.events.audit(
        trx,
        {
          adminId: current.id,
          action: 'login',
          targetId: current.id,
          targetType: 'user',
          ipAddress: client.ip,
        },
        client.traceparent,
      );
    }
    return result;
  });
  await recordLoginAttempt(ctx.db, {
    email: user.email,
    userId: user.id,
    ip: client.ip,
    succeeded: true,
    reason: null,
  });
  return signedIn;
}

export const refresh = (
  ctx: IdentityContext,
  refreshToken: string,
  client: SessionClient,
): Promise<TokenPair> => rotateSession(ctx, refreshToken, client);

/** Ends the session the refresh token belongs to; unknown tokens are ignored (logout always succeeds). */
export async function logout(ctx: IdentityContext, refreshToken: string, meta: RequestMeta): Promise<void> {
  const row = await ctx
    .db('refresh_tokens')
    .where({ token_hash: hashToken(refreshToken) })
    .first<{ family_id: string; user_id: string } | undefined>('family_id', 'user_id');
  if (!row) return;
  await inTransaction(ctx, (trx) =>
    endSessions(ctx, trx, row.user_id, { only: [row.family_id] }, 'logout', {
      actorId: row.user_id,
      traceparent: meta.traceparent,
    }),
  );
}

/** The signed-in user, with the live balance: the number they just changed shows at once. */
export async function currentUserProfile(ctx: IdentityContext, userId: string): Promise<User> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new UnauthorizedError('Your account no longer exists', 'USER_NOT_FOUND');
  if (user.is_banned) throw new ForbiddenError(BANNED_MESSAGE, 'ACCOUNT_BANNED');
  const balance = await liveBalance(ctx, userId);
  return toUser(balance === undefined ? user : { ...user, balance });
}

/** Consumes a single-use reset token; every session of the user ends and the lock-outs are lifted. */
export async function resetPassword(
  ctx: IdentityContext,
  input: ResetPasswordRequest,
  meta: RequestMeta,
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await inTransaction(ctx, async (trx) => {
    const token = await trx('password_reset_tokens')
      .where({ token_hash: hashToken(input.token) })
      .forUpdate()
      .first<{ id: string; user_id: string; expires_at: Date; used_at: Date | null } | undefined>();
    if (!token || token.used_at || token.expires_at.getTime() <= Date.now())
      throw new BadRequestError('This password reset link is invalid or has expired', 'INVALID_RESET_TOKEN');
    await trx('password_reset_tokens').where({ id: token.id }).update({ used_at: trx.fn.now() });
    await updateUser(trx, token.user_id, {
      password_hash: passwordHash,
      locked_until: null,
      password_changed_at: new Date(),
    });
    await trx('sign_in_throttle').where({ user_id: token.user_id }).delete();
    await endSessions(ctx, trx, token.user_id, { all: true }, 'password_reset', {
      actorId: token.user_id,
      traceparent: meta.traceparent,
    });
    // Told at once, and the wallet holds new withdrawals for a while (decision 0098).
    await securityAlert(
      ctx.events,
      trx,
      {
        userId: token.user_id,
        kind: 'password_reset',
        ipAddress: meta.ip,
        failures: null,
        lockedUntil: null,
      },
      meta.traceparent,
    );
  });
}

/**
 * Checks a signed-in user's password before a sensitive change. Wrong ones are limited like sign-ins (per
 * account and source), so a stolen access token cannot be used to guess the password.
 */
export async function checkOwnPassword(
  ctx: IdentityContext,
  userId: string,
  password: string,
  meta: RequestMeta,
  now: Date,
  wrongPassword: () => Error = () => new BadRequestError('Current password is incorrect', 'WRONG_PASSWORD'),
): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new UnauthorizedError('Your account no longer exists', 'USER_NOT_FOUND');
  const { security } = await readSettings(ctx.db);
  const source = ipSource(meta.ip);
  const block = sourceBlock(await readSourceState(ctx.db, user.id, source), security.maxLoginAttempts, now);
  if (block)
    throw new SignInRefused(
      block.kind === 'locked' ? lockedMessage(block.until, now) : delayedMessage(block.until, now),
      block.kind === 'locked' ? 'ACCOUNT_LOCKED' : 'SIGN_IN_DELAYED',
      secondsUntil(block.until, now),
    );
  if (!(await verifyPassword(user.password_hash, password))) {
    await countFailure(ctx, user, source, meta, now);
    throw wrongPassword();
  }
  return user;
}

/**
 * Changes the signed-in user's own password: the current one must be right, and wrong ones are limited like
 * sign-ins (per account and source), so a stolen access token cannot be used to guess the password. Every
 * other session ends; the one that asked keeps working. The owner is mailed a notice.
 */
export async function changePassword(
  ctx: IdentityContext,
  caller: AuthUser,
  input: ChangePasswordRequest,
  meta: RequestMeta,
): Promise<void> {
  const now = new Date();
  const user = await checkOwnPassword(ctx, caller.id, input.currentPassword, meta, now);
  const passwordHash = await hashPassword(input.newPassword);
  await inTransaction(ctx, async (trx) => {
    const locked = (await lockUserRow(trx, user.id)) as UserRow;
    if (locked.password_hash !== user.password_hash)
      throw new ConflictError('Your password was changed meanwhile. Please try again.', 'PASSWORD_CHANGED');
    await updateUser(trx, user.id, { password_hash: passwordHash, password_changed_at: now });
    await endSessions(ctx, trx, user.id, { allBut: caller.sessionId }, 'password_changed', {
      actorId: user.id,
      traceparent: meta.traceparent,
    });
    await securityAlert(
      ctx.events,
      trx,
      { userId: user.id, kind: 'password_changed', ipAddress: meta.ip, failures: null, lockedUntil: null },
      meta.traceparent,
    );
  });
}
