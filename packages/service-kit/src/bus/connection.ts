import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  jetstream,
  jetstreamManager,
  StorageType,
  RetentionPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamClient,
  type JetStreamManager,
  type StreamConfig,
  type StreamInfo,
} from '@nats-io/jetstream';
import type { Logger } from 'pino';
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
   * The event stream as this process wants it, reconciled at connect (created when missing, updated when it
   * differs). Left out by the gateway, which uses plain request/reply and subscriptions only and has no JetStream
   * permissions at all, and by tools that must not change a running platform's stream.
   */
  eventStream?: EventStreamSettings;
  /** Told when the connect created or changed the event stream. */
  logger?: Pick<Logger, 'info'>;
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
  const jsm = await jetstreamManager(nc, { checkAPI: options.eventStream !== undefined });
  if (options.eventStream) {
    const outcome = await ensureEventStream(jsm, options.eventStream);
    if (outcome.action !== 'unchanged')
      options.logger?.info({ stream: EVENT_STREAM, ...outcome }, `event stream ${outcome.action}`);
  }
  return { nc, js: jetstream(nc), jsm };
}

/** What the platform decides about the event stream (docs/decisions/0087-event-stream-replicas-and-nats-chart.md). */
export interface EventStreamSettings {
  /** Servers that keep a copy of every event: NATS_STREAM_REPLICAS, 1 on one server, 3 on the production cluster. */
  replicas: number;
}

/** Events older than this are dropped from the stream (every consumer has long handled them). */
export const EVENT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** The settings this code owns and brings an existing stream back to; anything else is the operator's. */
export function ownedStreamConfig(settings: EventStreamSettings) {
  return {
    subjects: ['events.>'],
    num_replicas: settings.replicas,
    max_age: nanos(EVENT_MAX_AGE_MS),
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
  };
}

/** Chosen at creation for good: JetStream refuses to change them on an existing stream. */
const FIXED_AT_CREATION = { storage: StorageType.File, retention: RetentionPolicy.Limits };

export interface StreamReconciliation {
  action: 'created' | 'updated' | 'unchanged';
  /** Each owned setting that was changed, as `name: before -> after`. */
  changes: string[];
}

/** The owned settings where `current` differs from what is wanted. */
function differences(current: StreamConfig, wanted: ReturnType<typeof ownedStreamConfig>): string[] {
  const shown = (value: unknown) => JSON.stringify(value);
  const changes: string[] = [];
  const subjects = (list: string[] | undefined) => [...(list ?? [])].sort();
  if (shown(subjects(current.subjects)) !== shown(subjects(wanted.subjects)))
    changes.push(`subjects: ${shown(current.subjects)} -> ${shown(wanted.subjects)}`);
  for (const key of ['num_replicas', 'max_age', 'duplicate_window'] as const)
    if (current[key] !== wanted[key]) changes.push(`${key}: ${current[key]} -> ${wanted[key]}`);
  return changes;
}

/**
 * Creates the event stream, or brings an existing one to the owned settings with an update: never a delete, so
 * no event is lost, and a replica change is the server copying the stream to the new peers. Many processes start
 * at once: each either creates the stream or loses that race and updates, and updates to the same settings are
 * idempotent, so any order ends in the same stream.
 */
export async function ensureEventStream(
  jsm: JetStreamManager,
  settings: EventStreamSettings,
): Promise<StreamReconciliation> {
  const wanted = ownedStreamConfig(settings);
  let current = await currentInfo(jsm);
  if (!current) {
    try {
      await jsm.streams.add({ name: EVENT_STREAM, ...FIXED_AT_CREATION, ...wanted });
      return { action: 'created', changes: [] };
    } catch (error) {
      // Lost the race with another process creating it: reconcile what that one made.
      current = await currentInfo(jsm);
      if (!current) throw error;
    }
  }
  // A single server stores a stream update to three replicas and still keeps one copy: starting as if the events
  // had three would hide that they have one.
  if (settings.replicas > 1 && !current.cluster?.name)
    throw new Error(
      `NATS_STREAM_REPLICAS is ${settings.replicas} but NATS is a single server, which keeps one copy of the ` +
        `${EVENT_STREAM} stream: set it to at most the number of JetStream servers in the cluster.`,
    );
  for (const [key, value] of Object.entries(FIXED_AT_CREATION) as [keyof typeof FIXED_AT_CREATION, string][])
    if (current.config[key] !== value)
      throw new Error(
        `The ${EVENT_STREAM} stream has ${key} "${current.config[key]}" but the platform needs "${value}", and ` +
          `JetStream cannot change a stream's ${key}: move its events to a new stream by hand (k8s/README.md, ` +
          `"Event stream").`,
      );
  const changes = differences(current.config, wanted);
  if (changes.length === 0) return { action: 'unchanged', changes };
  try {
    await jsm.streams.update(EVENT_STREAM, wanted);
  } catch (error) {
    // Another process updated it to the same settings first: done, whatever the server said to this one.
    const now = await currentInfo(jsm);
    if (!now || differences(now.config, wanted).length > 0) throw error;
  }
  return { action: 'updated', changes };
}

async function currentInfo(jsm: JetStreamManager): Promise<StreamInfo | undefined> {
  try {
    return await jsm.streams.info(EVENT_STREAM);
  } catch (error) {
    if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound)
      return undefined;
    throw error;
  }
}
