// Ending sessions so that their access tokens stop working at once, everywhere: every revocation goes through
// here, marks the sessions and their refresh tokens, and publishes `user.sessions_revoked` in the same
// transaction; the gateway and every service refuse the tokens the moment the event arrives
// (docs/decisions/0052-access-revocation.md).
import type { EventData, SessionRevocationSnapshot } from '@cropvest/contracts';
import { type Knex } from '@cropvest/service-kit/db';
import { recentRevocations, revokeSessions } from '../db/sessions.ts';
import { type IdentityContext } from './context.ts';

export type RevocationReason = EventData<'user.sessions_revoked'>['reason'];

/** Verifiers keep an entry this long past the revocation, so clocks a little apart cannot reopen a gap. */
const CLOCK_MARGIN_MS = 30_000;

const keepFor = (ctx: Pick<IdentityContext, 'config'>): number =>
  ctx.config.ACCESS_TOKEN_TTL_SECONDS * 1000 + CLOCK_MARGIN_MS;

export type RevocationScope =
  /** These sessions (logout, one revoked). */
  | { only: string[] }
  /** Every session but this one (a password change keeps the session that made it). */
  | { allBut: string }
  /** Every session: the session version rises, so even tokens of sessions opened a moment ago are void. */
  | { all: true }
  /**
   * Every access token, the sessions staying open: a role change. The next refresh signs a token with the new
   * role, so nobody is signed out, and no token carrying the old role works a moment longer.
   */
  | { tokensOnly: true };

/** Ends sessions of `userId` in the caller's transaction (its `inTransaction` wakes the relay); answers how many. */
export async function endSessions(
  ctx: IdentityContext,
  trx: Knex.Transaction,
  userId: string,
  scope: RevocationScope,
  reason: RevocationReason,
  actor: { actorId: string | null; traceparent: string | null },
): Promise<number> {
  if ('all' in scope || 'tokensOnly' in scope) {
    const [row] = await trx('users')
      .where({ id: userId })
      .update({ session_version: trx.raw('session_version + 1'), sessions_revoked_at: trx.fn.now() })
      .returning<{ session_version: number }[]>('session_version');
    const ended = 'all' in scope ? await revokeSessions(trx, userId, { allBut: null }) : [];
    // The version covers every token of the user, so verifiers need no session ids.
    await publish([], row?.session_version ?? null);
    return ended.length;
  }
  const sessionIds = await revokeSessions(trx, userId, 'only' in scope ? scope : { allBut: scope.allBut });
  if (sessionIds.length > 0) await publish(sessionIds, null);
  return sessionIds.length;

  async function publish(ids: string[], version: number | null) {
    await ctx.events.emit(
      trx,
      'user.sessions_revoked',
      {
        userId,
        sessionIds: ids,
        sessionVersion: version,
        reason,
        until: new Date(Date.now() + keepFor(ctx)).toISOString(),
      },
      { actorId: actor.actorId, subjectId: userId, traceparent: actor.traceparent },
    );
  }
}

/** The full view verifiers load at start and every so often (`cmd.identity.session-revocations`). */
export async function revocationSnapshot(
  ctx: Pick<IdentityContext, 'config' | 'db'>,
): Promise<SessionRevocationSnapshot> {
  const keep = keepFor(ctx);
  const { versions, sessions } = await recentRevocations(ctx.db, new Date(Date.now() - keep));
  const until = (at: Date) => new Date(at.getTime() + keep).toISOString();
  return {
    sessionVersions: versions.map((v) => ({
      userId: v.id,
      version: v.session_version,
      until: until(v.sessions_revoked_at),
    })),
    revokedSessions: sessions.map((s) => ({ sessionId: s.id, until: until(s.revoked_at) })),
  };
}
