// Issuing and rotating sessions: a short ES256 access token and an opaque, rotating refresh token.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { TokenPair } from '@cropvest/contracts';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@cropvest/service-kit/auth';
import { type Knex, inTransaction } from '@cropvest/service-kit/db';
import { UnauthorizedError, ForbiddenError } from '@cropvest/service-kit/errors';
import { hashToken, newOpaqueToken } from '../domain/secrets.ts';
import { passwordExpired } from '../domain/users.ts';
import { findUserById, type UserRow } from '../db/users.ts';
import {
  insertRefreshToken,
  insertSession,
  lockRefreshToken,
  markRefreshTokenUsed,
  touchSession,
  type SessionClient,
} from '../db/sessions.ts';
import { readSettings } from '../db/settings.ts';
import { endSessions } from './revocation.ts';
import { frozenRefusal } from './freeze-links.ts';
import { touchDeviceOfSession } from '../db/devices.ts';
import type { IdentityContext, SessionIssuer } from './context.ts';

export type TokenSubject = Pick<UserRow, 'id' | 'role' | 'session_version' | 'password_changed_at'>;

/** `mustChangePassword`: the token may only change the password (claim `pwx`, periodic password reset). */
export async function signAccessToken(
  issuer: SessionIssuer,
  user: TokenSubject,
  sessionId: string,
  mustChangePassword: boolean,
): Promise<string> {
  return new SignJWT({
    role: user.role,
    sid: sessionId,
    sv: user.session_version,
    ...(mustChangePassword ? { pwx: true } : {}),
  })
    .setProtectedHeader({ alg: 'ES256', kid: issuer.key.kid, typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt()
    .setJti(randomUUID())
    .setExpirationTime(`${issuer.accessTokenTtlSeconds}s`)
    .sign(issuer.key.privateKey);
}

/**
 * A new sign-in: a new session (its id is the token family) that lives as long as the session timeout setting
 * says. `user` must be read under its row lock in `trx`, so its session version cannot be raised meanwhile.
 */
export async function openSession(
  trx: Knex.Transaction,
  issuer: SessionIssuer,
  user: TokenSubject,
  client: SessionClient,
  deviceHash: string | null,
): Promise<TokenPair & { passwordChangeRequired?: true }> {
  const { security } = await readSettings(trx);
  const familyId = randomUUID();
  const refreshToken = newOpaqueToken();
  const expiresAt = new Date(Date.now() + security.sessionTimeout * 3600_000);
  await insertSession(trx, { id: familyId, userId: user.id, expiresAt, client, deviceHash });
  await insertRefreshToken(trx, { userId: user.id, familyId, tokenHash: hashToken(refreshToken), expiresAt });
  const mustChangePassword = passwordExpired(user.password_changed_at, security);
  return {
    accessToken: await signAccessToken(issuer, user, familyId, mustChangePassword),
    refreshToken,
    ...(mustChangePassword ? { passwordChangeRequired: true } : {}),
  };
}

const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/**
 * Rotates a refresh token. A token that was already rotated or revoked means it leaked or was replayed:
 * the whole session ends, so the thief and the owner both have to sign in again.
 */
export async function rotateSession(
  ctx: IdentityContext,
  refreshToken: string,
  client: SessionClient,
): Promise<TokenPair> {
  const outcome = await inTransaction(ctx, async (trx) => {
    const row = await lockRefreshToken(trx, hashToken(refreshToken));
    if (!row) return { error: new UnauthorizedError(SESSION_EXPIRED, 'INVALID_REFRESH_TOKEN') };
    const end = (reason: 'refresh_token_reused' | 'banned' | 'account_frozen') =>
      endSessions(ctx, trx, row.user_id, { only: [row.family_id] }, reason, {
        actorId: null,
        traceparent: null,
      });
    if (row.used_at || row.revoked_at) {
      await end('refresh_token_reused');
      return { error: new UnauthorizedError(SESSION_EXPIRED, 'REFRESH_TOKEN_REUSED') };
    }
    if (row.expires_at.getTime() <= Date.now())
      return { error: new UnauthorizedError(SESSION_EXPIRED, 'SESSION_EXPIRED') };
    const user = await findUserById(trx, row.user_id);
    if (!user || user.is_banned) {
      if (user) await end('banned');
      return {
        error: new ForbiddenError(
          'Your account has been suspended. Please contact support.',
          'ACCOUNT_BANNED',
        ),
      };
    }
    // Freezing ends every session; a refresh racing it finds the account frozen and ends its own.
    if (user.frozen_at) {
      await end('account_frozen');
      return { error: frozenRefusal(user) };
    }
    await markRefreshTokenUsed(trx, row.id);
    await touchSession(trx, row.family_id, client);
    await touchDeviceOfSession(trx, row.family_id);
    const next = newOpaqueToken();
    // The rotated token keeps the family's absolute expiry: refreshing never extends a session.
    await insertRefreshToken(trx, {
      userId: user.id,
      familyId: row.family_id,
      tokenHash: hashToken(next),
      expiresAt: row.expires_at,
    });
    // Checked again on every refresh: once the password is changed, the next token is a full one.
    const { security } = await readSettings(trx);
    const mustChangePassword = passwordExpired(user.password_changed_at, security);
    return {
      pair: {
        accessToken: await signAccessToken(ctx.issuer, user, row.family_id, mustChangePassword),
        refreshToken: next,
      },
    };
  });
  // Revocations above must commit, so the error is raised only after the transaction.
  if ('error' in outcome) throw outcome.error;
  return outcome.pair;
}
