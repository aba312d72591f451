// A user's own sessions: the list (device, IP, last seen, the current one marked), ending one, ending all.
import type { SessionInfo, SessionsRevoked } from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { inTransaction } from '@cropvest/service-kit/db';
import { NotFoundError } from '@cropvest/service-kit/errors';
import { activeSessions } from '../db/sessions.ts';
import { endSessions } from './revocation.ts';
import type { IdentityContext, RequestMeta } from './context.ts';

export async function listOwnSessions(ctx: IdentityContext, caller: AuthUser): Promise<SessionInfo[]> {
  return (await activeSessions(ctx.db, caller.id)).map((row) => ({
    id: row.id,
    userAgent: row.user_agent,
    ipAddress: row.ip_address,
    createdAt: row.created_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    current: row.id === caller.sessionId,
  }));
}

/** Ends one of the caller's sessions. Someone else's, or one already ended, answers 404 the same way. */
export async function revokeOwnSession(
  ctx: IdentityContext,
  caller: AuthUser,
  sessionId: string,
  meta: RequestMeta,
): Promise<SessionsRevoked> {
  const revoked = await inTransaction(ctx, (trx) =>
    endSessions(ctx, trx, caller.id, { only: [sessionId] }, 'session_revoked', {
      actorId: caller.id,
      traceparent: meta.traceparent,
    }),
  );
  if (revoked === 0) throw new NotFoundError('Session not found', 'SESSION_NOT_FOUND');
  return { revoked };
}

/** Sign out everywhere: every session ends, the caller's too, and every access token of the user is void. */
export async function revokeAllOwnSessions(
  ctx: IdentityContext,
  caller: AuthUser,
  meta: RequestMeta,
): Promise<SessionsRevoked> {
  const revoked = await inTransaction(ctx, (trx) =>
    endSessions(ctx, trx, caller.id, { all: true }, 'signed_out_everywhere', {
      actorId: caller.id,
      traceparent: meta.traceparent,
    }),
  );
  return { revoked };
}
