// The live stream (server-sent events). Every replica keeps the streams its own clients opened; news travels
// between replicas over core NATS (`notify.push.user.<id>`, `notify.push.all`), so a notification written by
// one replica reaches a user whose stream is held by another. A push lost in a crash costs only latency:
// the client's 30-second unread-count poll stays as the fallback, and the data itself is in Postgres.
//
// What changed on the screens (`changed` events, docs/decisions/0105) needs no fan-out: every replica follows
// the events of LIVE_CHANGES itself and tells only the streams it holds. A change missed while a stream was
// down is caught up by the client, which reads its screens again when it reconnects.
import { PassThrough } from 'node:stream';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import {
  EventEnvelope,
  eventSubject,
  NOTIFICATION_STREAM_EVENTS,
  type LiveChange,
  type LiveTopic,
  type Notification,
  type Role,
} from '@cropvest/contracts';
import type { Knex } from '@cropvest/service-kit/db';
import type { Logger } from '@cropvest/service-kit/runtime';
import { unreadCounts } from '../db/notifications.ts';
import { LIVE_CHANGE_EVENTS, LIVE_CHANGES, type LiveChangeRule } from './live-changes.ts';

const SUBJECT = 'notify.push';
type PushMessage =
  { kind: 'notification'; notification: Notification } | { kind: 'count' } | { kind: 'close' };

interface Client {
  userId: string;
  /** From the verified access token: only an admin's stream hears of every investor's queue entries. */
  role: Role;
  stream: PassThrough;
  expiry: NodeJS.Timeout;
}

export interface PushHubOptions {
  heartbeatMs: number;
  maxStreamsPerUser: number;
  /** How long changes told to every stream (plan slots) are gathered into one message; 0 sends each at once. */
  broadcastChangeMs: number;
}

const frame = (event: string, data: unknown): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const changeFrame = (topics: LiveTopic[]): string =>
  frame(NOTIFICATION_STREAM_EVENTS.changed, { topics: [...new Set(topics)] } satisfies LiveChange);

export class PushHub {
  private readonly clients = new Map<string, Set<Client>>();
  private readonly admins = new Set<Client>();
  private subscription: Subscription | undefined;
  private readonly watched: Subscription[] = [];
  /** Topics waiting to be told to every stream, so a run of purchases costs each browser one refetch. */
  private readonly broadcastTopics = new Set<LiveTopic>();
  private broadcastTimer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  /** Users whose unread count must be sent again; one query at a time serves all of them, in order. */
  private readonly stale = new Set<string>();
  private counting: Promise<void> | undefined;

  constructor(
    private readonly nc: NatsConnection,
    private readonly db: Knex,
    private readonly logger: Logger,
    private readonly options: PushHubOptions,
  ) {}

  start(): void {
    this.subscription = this.nc.subscribe(`${SUBJECT}.>`, {
      callback: (err, msg) => {
        if (err) return this.logger.error({ err }, 'push subscription failed');
        try {
          const target = msg.subject.slice(SUBJECT.length + 1);
          this.receive(target === 'all' ? null : target.replace(/^user\./, ''), msg.json<PushMessage>());
        } catch (error) {
          this.logger.warn({ err: error, subject: msg.subject }, 'dropping a malformed push');
        }
      },
    });
    for (const type of LIVE_CHANGE_EVENTS) {
      const rule: LiveChangeRule = LIVE_CHANGES[type];
      this.watched.push(
        this.nc.subscribe(eventSubject(type), {
          callback: (err, msg) => {
            if (err) return this.logger.error({ err, type }, 'live-change subscription failed');
            const data = EventEnvelope.safeParse(msg.json()).data?.data as { userId?: unknown } | undefined;
            const ownerId = typeof data?.userId === 'string' ? data.userId : null;
            if (rule.owner.length > 0 && ownerId === null)
              return this.logger.warn({ subject: msg.subject }, 'dropping a live change without its user');
            this.changed(ownerId, rule);
          },
        }),
      );
    }
    this.heartbeat = setInterval(() => {
      for (const set of this.clients.values())
        for (const client of set) client.stream.write(': keep-alive\n\n');
    }, this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  get openStreams(): number {
    let total = 0;
    for (const set of this.clients.values()) total += set.size;
    return total;
  }

  /** Opens a stream for a signed-in user; it ends by itself when their access token expires. */
  open(userId: string, role: Role, expiresAtMs: number): PassThrough {
    const stream = new PassThrough();
    const expiry = setTimeout(() => stream.end(), Math.max(expiresAtMs - Date.now(), 0));
    expiry.unref();
    const client: Client = { userId, role, stream, expiry };
    if (role === 'admin') this.admins.add(client);
    let set = this.clients.get(userId);
    if (!set) this.clients.set(userId, (set = new Set()));
    set.add(client);
    if (set.size > this.options.maxStreamsPerUser) {
      const oldest = set.values().next().value;
      oldest?.stream.end();
    }
    stream.once('close', () => this.remove(client));
    stream.write(`retry: 5000\n\n`);
    this.refreshCounts([userId]);
    return stream;
  }

  /** Tell every replica: this user has a new notification. Call after the transaction that stored it committed. */
  notifyUser(userId: string, notification: Notification): void {
    this.publish(`user.${userId}`, { kind: 'notification', notification });
  }

  /** Tell every replica: a broadcast went out to everyone. */
  notifyAll(notification: Notification): void {
    this.publish('all', { kind: 'notification', notification });
  }

  /** Tell every replica: this user's unread count changed (they read something, perhaps in another tab). */
  countChanged(userId: string): void {
    this.publish(`user.${userId}`, { kind: 'count' });
  }

  /** Tell every replica: end this user's streams now (they were banned; reconnecting is refused at the gateway). */
  disconnect(userId: string): void {
    this.publish(`user.${userId}`, { kind: 'close' });
  }

  /** Ends every open stream (shutdown), so the HTTP server can close. */
  closeAll(): void {
    for (const set of this.clients.values()) for (const client of set) client.stream.end();
  }

  async stop(): Promise<void> {
    this.closeAll();
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.broadcastTimer) clearTimeout(this.broadcastTimer);
    this.subscription?.unsubscribe();
    for (const subscription of this.watched) subscription.unsubscribe();
    await this.counting;
  }

  private publish(target: string, message: PushMessage): void {
    try {
      this.nc.publish(`${SUBJECT}.${target}`, JSON.stringify(message));
    } catch (error) {
      this.logger.warn({ err: error, target }, 'could not publish a push; clients will catch up by polling');
    }
  }

  /** Tells the streams this replica holds what an event changed: its owner's, every admin's, everyone's. */
  /** `ownerId` is null for a change that is no one investor's (a plan's funding checked on chain). */
  private changed(ownerId: string | null, rule: LiveChangeRule): void {
    const owner = ownerId === null ? [] : (this.clients.get(ownerId) ?? []);
    for (const client of owner) {
      const topics = [...rule.owner, ...(client.role === 'admin' ? (rule.admins ?? []) : [])];
      if (topics.length > 0) client.stream.write(changeFrame(topics));
    }
    if (rule.admins?.length) {
      const data = changeFrame(rule.admins);
      for (const client of this.admins) if (client.userId !== ownerId) client.stream.write(data);
    }
    if (rule.everyone?.length) {
      for (const topic of rule.everyone) this.broadcastTopics.add(topic);
      if (this.options.broadcastChangeMs === 0) this.flushBroadcast();
      else this.broadcastTimer ??= setTimeout(() => this.flushBroadcast(), this.options.broadcastChangeMs);
    }
  }

  private flushBroadcast(): void {
    this.broadcastTimer = undefined;
    if (this.broadcastTopics.size === 0) return;
    const data = changeFrame([...this.broadcastTopics]);
    this.broadcastTopics.clear();
    for (const set of this.clients.values()) for (const client of set) client.stream.write(data);
  }

  private receive(userId: string | null, message: PushMessage): void {
    const targets = userId === null ? [...this.clients.keys()] : this.clients.has(userId) ? [userId] : [];
    if (targets.length === 0) return;
    if (message.kind === 'close') {
      for (const id of targets) for (const client of this.clients.get(id) ?? []) client.stream.end();
      return;
    }
    if (message.kind === 'notification') {
      const data = frame(NOTIFICATION_STREAM_EVENTS.notification, message.notification);
      for (const id of targets) for (const client of this.clients.get(id) ?? []) client.stream.write(data);
    }
    this.refreshCounts(targets);
  }

  private refreshCounts(userIds: string[]): void {
    for (const id of userIds) this.stale.add(id);
    if (this.counting) return;
    this.counting = (async () => {
      while (this.stale.size > 0) {
        const batch = [...this.stale].filter((id) => this.clients.has(id));
        this.stale.clear();
        if (batch.length === 0) break;
        try {
          const counts = await unreadCounts(this.db, batch);
          for (const [id, count] of counts) {
            const data = frame(NOTIFICATION_STREAM_EVENTS.unreadCount, { count });
            for (const client of this.clients.get(id) ?? []) client.stream.write(data);
          }
        } catch (error) {
          this.logger.warn({ err: error }, 'could not read unread counts for the live stream');
        }
      }
    })().finally(() => {
      this.counting = undefined;
      if (this.stale.size > 0) this.refreshCounts([]);
    });
  }

  private remove(client: Client): void {
    clearTimeout(client.expiry);
    this.admins.delete(client);
    const set = this.clients.get(client.userId);
    set?.delete(client);
    if (set && set.size === 0) this.clients.delete(client.userId);
  }
}
