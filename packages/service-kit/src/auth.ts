// Every service verifies the access token again (the gateway is not the only line) and checks ownership of
// every record it returns. Tokens are ES256 only: `alg: none`, HS256 with the public key, or any other
// algorithm is refused by jose before the signature is looked at.
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Context, Middleware } from 'koa';
import {
  AccessTokenClaims,
  isPasswordChangeCall,
  PASSWORD_EXPIRED_MESSAGE,
  type Role,
} from '@cropvest/contracts';
import { ForbiddenError, NotFoundError, UnauthorizedError } from './errors.ts';
import type { SessionRevocations } from './revocations.ts';

export const TOKEN_ISSUER = 'cropvest-identity';
export const TOKEN_AUDIENCE = 'cropvest-api';

export interface AuthUser {
  id: string;
  role: Role;
  sessionId: string;
  /** The user's session version when the token was issued (docs/decisions/0052-access-revocation.md). */
  sessionVersion: number;
  /** The password must be changed first: only PASSWORD_CHANGE_CALLS are answered. */
  passwordExpired?: boolean;
}

export interface TokenVerifier {
  verify(token: string): Promise<AuthUser>;
}

/**
 * Verifies access tokens. A token's signature and claims never change, so a verified token is remembered
 * until it expires: the gateway and the service behind it then skip the ES256 check on every later call.
 * Whether its session still stands can change at any moment, so that is checked on every call, cached or not,
 * against `revocations` (bans and roles are checked per request by the callers too).
 */
export function createTokenVerifier(
  keys: JWTVerifyGetKey | string,
  revocations: Pick<SessionRevocations, 'check'> | null,
  cacheSize = 20_000,
): TokenVerifier {
  const getKey =
    typeof keys === 'string'
      ? createRemoteJWKSet(new URL(keys), { cooldownDuration: 5_000, cacheMaxAge: 10 * 60_000 })
      : keys;
  const verified = new LRUCache<string, AuthUser>({ max: cacheSize, ttlAutopurge: false });
  return {
    async verify(token) {
      const user = verified.get(token) ?? (await verifySignature(token));
      revocations?.check(user);
      return user;
    },
  };

  async function verifySignature(token: string): Promise<AuthUser> {
    try {
      const { payload } = await jwtVerify(token, getKey, {
        algorithms: ['ES256'],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
      });
      const claims = AccessTokenClaims.parse(payload);
      const user: AuthUser = {
        id: claims.sub,
        role: claims.role,
        sessionId: claims.sid,
        sessionVersion: claims.sv,
        ...(claims.pwx ? { passwordExpired: true } : {}),
      };
      const ttl = typeof payload.exp === 'number' ? payload.exp * 1000 - Date.now() : 0;
      if (ttl > 0) verified.set(token, user, { ttl });
      return user;
    } catch {
      throw new UnauthorizedError('Invalid or expired token', 'INVALID_TOKEN');
    }
  }
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header ?? '');
  return match?.[1] ?? null;
}

declare module 'koa' {
  interface DefaultState {
    user?: AuthUser;
    requestId?: string;
  }
}

/** Requires a valid access token; the user lands in `ctx.state.user`. */
export function authenticate(verifier: TokenVerifier): Middleware {
  return async (ctx, next) => {
    const token = bearerToken(ctx.get('authorization'));
    if (!token) throw new UnauthorizedError('Authentication required');
    const user = await verifier.verify(token);
    refusePasswordExpired(user, ctx.method, ctx.path);
    ctx.state.user = user;
    await next();
  };
}

/**
 * The caller of a public route, when one signed in: a token, when sent, must be valid (it may show more, such as a
 * plan no longer open to everyone to its investors); without one, nobody.
 */
export async function optionalUser(verifier: TokenVerifier, ctx: Context): Promise<AuthUser | undefined> {
  const token = bearerToken(ctx.get('authorization'));
  return token ? await verifier.verify(token) : undefined;
}

/** A session whose password expired may only change it (periodic password reset); the gateway checks first. */
export function refusePasswordExpired(user: AuthUser, method: string, path: string): void {
  if (user.passwordExpired && !isPasswordChangeCall(method, path))
    throw new ForbiddenError(PASSWORD_EXPIRED_MESSAGE, 'PASSWORD_EXPIRED');
}

/** Must follow `authenticate`. */
export function requireRole(role: Role): Middleware {
  return async (ctx, next) => {
    if (ctx.state.user?.role !== role)
      throw new ForbiddenError(role === 'admin' ? 'Admin access required' : 'Access denied');
    await next();
  };
}

export function currentUser(state: { user?: AuthUser }): AuthUser {
  if (!state.user) throw new UnauthorizedError();
  return state.user;
}

/**
 * The one-line ownership check: a record that is missing, or belongs to someone else and the caller is not
 * an admin, answers 404 the same way, so ids cannot be probed.
 */
export function ownedBy<T extends { userId: string } | { user_id: string }>(
  record: T | undefined | null,
  user: AuthUser,
  what = 'Record',
): T {
  const owner = record ? ('userId' in record ? record.userId : record.user_id) : undefined;
  if (!record || (owner !== user.id && user.role !== 'admin')) throw new NotFoundError(`${what} not found`);
  return record;
}
