// Issuing and rotating sessions: a short ES256 access token and an opaque, rotating refresh token.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { TokenPair } from '@cropvest/contracts';
import {
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  UnauthorizedError,
  ForbiddenError,
  type Knex,
} from '@cropvest/service-kit';
import { hashToken, newOpaqueToken } from '../domain/secrets.ts';
import type { UserRow } from '../domain/users.ts';
import type { SigningKey } from '../db/keys.ts';
import { insertRefreshToken, lockRefreshToken, markRefreshTokenUsed, revokeFamily } from '../db/sessions.ts';
import { findUserById } from '../db/users.ts';
import { readSettings } from '../db/settings.ts';

export interface SessionIssuer {
  key: SigningKey;
  accessTokenTtlSeconds: number;
}

export async function signAccessToken(
  issuer: SessionIssuer,
  user: Pick<UserRow, 'id' | 'role'>,
  sessionId: string,
): Promise<string> {
  return new SignJWT({ role: user.role, sid: sessionId })
    .setProtectedHeader({ alg: 'ES256', kid: issuer.key.kid, typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt()
    .setJti(randomUUID())
    .setExpirationTime(`${issuer.accessTokenTtlSeconds}s`)
    .sign(issuer.key.privateKey);
}

/** A new sign-in: a new token family that lives as long as the session timeout setting says. */
export async function openSession(
  db: Knex | Knex.Transaction,
  issuer: SessionIssuer,
  user: Pick<UserRow, 'id' | 'role'>,
): Promise<TokenPair> {
  const { security } = await readSettings(db);
  const familyId = randomUUID();
  const refreshToken = newOpaqueToken();
  const expiresAt = new Date(Date.now() + security.sessionTimeout * 3600_000);
  await insertRefreshToken(db, { userId: user.id, familyId, tokenHash: hashToken(refreshToken), expiresAt });
  return { accessToken: await signAccessToken(issuer, user, familyId), refreshToken };
}

const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/**
 * Rotates a refresh token. A token that was already rotated or revoked means it leaked or was replayed:
 * the whole family is revoked, so the thief and the owner both have to sign in again.
 */
export async function rotateSession(
  db: Knex,
  issuer: SessionIssuer,
  refreshToken: string,
): Promise<TokenPair> {
  const outcome = await db.transaction(async (trx) => {
    const row = await lockRefreshToken(trx, hashToken(refreshToken));
    if (!row) return { error: new UnauthorizedError(SESSION_EXPIRED, 'INVALID_REFRESH_TOKEN') };
    if (row.used_at || row.revoked_at) {
      await revokeFamily(trx, row.family_id);
      return { error: new UnauthorizedError(SESSION_EXPIRED, 'REFRESH_TOKEN_REUSED') };
    }
    if (row.expires_at.getTime() <= Date.now())
      return { error: new UnauthorizedError(SESSION_EXPIRED, 'SESSION_EXPIRED') };
    const user = await findUserById(trx, row.user_id);
    if (!user || user.is_banned) {
      await revokeFamily(trx, row.family_id);
      return {
        error: new ForbiddenError(
          'Your account has been suspended. Please contact support.',
          'ACCOUNT_BANNED',
        ),
      };
    }
    await markRefreshTokenUsed(trx, row.id);
    const next = newOpaqueToken();
    // The rotated token keeps the family's absolute expiry: refreshing never extends a session.
    await insertRefreshToken(trx, {
      userId: user.id,
      familyId: row.family_id,
      tokenHash: hashToken(next),
      expiresAt: row.expires_at,
    });
    return { pair: { accessToken: await signAccessToken(issuer, user, row.family_id), refreshToken: next } };
  });
  // Revocations above must commit, so the error is raised only after the transaction.
  if ('error' in outcome) throw outcome.error;
  return outcome.pair;
}
