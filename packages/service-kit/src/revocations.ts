// Access tokens that are still signed and unexpired but no longer valid: the sessions that ended (logout, a
// revoked session) and, per user, the session version below which every token is void (password reset, sign
// out everywhere, a role change, a ban, a lock-out). Every verifier — the gateway and each service — holds
// this view: loaded in full from identity, kept current by `user.sessions_revoked` the moment it is published,
// re-read periodically in case an event was missed while disconnected. docs/decisions/0052-access-revocation.md
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import {
  EventEnvelope,
  eventSchemas,
  eventSubject,
  IDENTITY_REVOCATIONS_SUBJECT,
  SessionRevocationSnapshot,
} from '@cropvest/contracts';
import { ServiceUnavailableError, UnauthorizedError } from './errors.ts';
import { sendCommand } from './bus/rpc.ts';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

export interface TokenSession {
  id: string;
  sessionId: string;
  sessionVersion: number;
}

export interface SessionRevocationsOptions {
  logger: Logger;
  /** The full view: identity reads its tables, everyone else asks identity over the bus. */
  load: () => Promise<SessionRevocationSnapshot>;
  /** Follows `events.user.sessions_revoked` on this connection. */
  nc: NatsConnection;
  refreshMs?: number;
}

export class SessionRevocations {
  /** userId → the lowest valid session version, and until when tokens below it can still be alive. */
  private versions = new Map<string, { version: number; until: number }>();
  /** sessionId → until when its tokens can still be alive. */
  private sessions = new Map<string, number>();
  private loaded = false;
  private timer: NodeJS.Timeout | undefined;
  private subscription: Subscription | undefined;

  constructor(private readonly options: SessionRevocationsOptions) {}

  get isLoaded(): boolean {
    return this.loaded;
  }

  /**
   * Throws unless the token's session is still valid. Before the first full load nothing is known, so every
   * token is refused (503): letting a revoked token through is the worse failure for a platform holding money.
   */
  check(token: TokenSession): void {
    if (!this.loaded)
      throw new ServiceUnavailableError('Access checks are starting. Please try again shortly.', 'STARTING');
    const now = Date.now();
    const sessionUntil = this.sessions.get(token.sessionId);
    const floor = this.versions.get(token.id);
    if (
      (sessionUntil !== undefined && sessionUntil > now) ||
      (floor !== undefined && floor.until > now && token.sessionVersion < floor.version)
    )
      throw new UnauthorizedError(SESSION_ENDED_MESSAGE, 'SESSION_REVOKED');
  }

  /** Entries only grow stricter (a higher version, a later end), so events and loads merge in any order. */
  apply(change: {
    userId: string;
    sessionIds: readonly string[];
    sessionVersion: number | null;
    until: string;
  }): void {
    const until = Date.parse(change.until);
    for (const sessionId of change.sessionIds)
      this.sessions.set(sessionId, Math.max(until, this.sessions.get(sessionId) ?? 0));
    if (change.sessionVersion !== null) {
      const known = this.versions.get(change.userId);
      this.versions.set(change.userId, {
        version: Math.max(change.sessionVersion, known?.version ?? 0),
        until: Math.max(until, known?.until ?? 0),
      });
    }
  }

  async start(): Promise<void> {
    this.subscription = this.options.nc.subscribe(eventSubject('user.sessions_revoked'), {
      callback: (_err, msg) => {
        const parsed = eventSchemas['user.sessions_revoked'].safeParse(
          EventEnvelope.safeParse(msg.json()).data?.data,
        );
        if (parsed.success) this.apply(parsed.data);
        else this.options.logger.error({ subject: msg.subject }, 'malformed user.sessions_revoked ignored');
      },
    });
    await this.reload();
    this.timer = setInterval(() => {
      this.prune();
      void this.reload();
    }, this.options.refreshMs ?? 30_000);
    this.timer.unref();
  }

  async reload(): Promise<void> {
    try {
      const snapshot = SessionRevocationSnapshot.parse(await this.options.load());
      for (const entry of snapshot.revokedSessions)
        this.apply({ userId: '', sessionIds: [entry.sessionId], sessionVersion: null, until: entry.until });
      for (const entry of snapshot.sessionVersions)
        this.apply({
          userId: entry.userId,
          sessionIds: [],
          sessionVersion: entry.version,
          until: entry.until,
        });
      this.loaded = true;
    } catch (error) {
      this.options.logger.warn(
        { err: error },
        'could not load session revocations from identity; will retry',
      );
    }
  }

  /** Entries whose tokens have all expired protect nothing any more. */
  private prune(): void {
    const now = Date.now();
    for (const [sessionId, until] of this.sessions) if (until <= now) this.sessions.delete(sessionId);
    for (const [userId, floor] of this.versions) if (floor.until <= now) this.versions.delete(userId);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.subscription?.unsubscribe();
  }
}

/** How a service other than identity loads the view: it asks identity. */
export const loadRevocationsFromIdentity = (nc: NatsConnection) => (): Promise<SessionRevocationSnapshot> =>
  sendCommand<SessionRevocationSnapshot>(nc, IDENTITY_REVOCATIONS_SUBJECT, {}, 3000);
