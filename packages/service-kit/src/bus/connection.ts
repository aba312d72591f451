import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  jetstream,
  jetstreamManager,
  StorageType,
  RetentionPolicy,
  type JetStreamClient,
  type JetStreamManager,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';

/** The one stream that keeps every event (ARCHITECTURE.md section 6). */
export const EVENT_STREAM = 'EVENTS';
/** JetStream drops a second message with the same Nats-Msg-Id inside this window. */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

/** Replies to a user's requests (commands, JetStream API calls, pulled events) arrive under this prefix. */
export const inboxPrefix = (user: string): string => `_INBOX.${user}`;

export interface Bus {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
}

export interface BusOptions {
  /** Comma-separated server URLs. */
  url: string;
  /** Connection name the server shows in its monitoring. */
  name: string;
  /** This process's own NATS user and password (docs/decisions/0050-bus-permissions.md). */
  user?: string;
  password?: string;
  /**
   * Whether to look up (and create when missing) the event stream at connect. The gateway, which uses plain
   * request/reply and subscriptions only, says no: it has no JetStream permissions at all.
   */
  ensureStream?: boolean;
}

export async function connectBus(options: BusOptions): Promise<Bus> {
  const nc = await connect({
    servers: options.url.split(','),
    name: options.name,
    user: options.user,
    pass: options.password,
    // Replies (commands, JetStream API answers, pulled events) come back under the user's own prefix, which
    // only this user may subscribe to: no other service can read them.
    inboxPrefix: options.user ? inboxPrefix(options.user) : undefined,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
  });
  const ensureStream = options.ensureStream ?? true;
  const jsm = await jetstreamManager(nc, { checkAPI: ensureStream });
  if (ensureStream) await ensureEventStream(jsm);
  return { nc, js: jetstream(nc), jsm };
}

/** Creates the event stream, or leaves it as it is when another service already did. */
export async function ensureEventStream(jsm: JetStreamManager): Promise<void> {
  try {
    await jsm.streams.info(EVENT_STREAM);
  } catch {
    try {
      await jsm.streams.add({
        name: EVENT_STREAM,
        subjects: ['events.>'],
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        duplicate_window: nanos(DUPLICATE_WINDOW_MS),
        max_age: nanos(30 * 24 * 60 * 60 * 1000),
      });
    } catch (error) {
      // Lost a race with another service creating it: fine if it exists now.
      await jsm.streams.info(EVENT_STREAM).catch(() => {
        throw error;
      });
    }
  }
}
