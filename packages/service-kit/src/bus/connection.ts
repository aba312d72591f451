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

export interface Bus {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
}

export async function connectBus(url: string, name: string): Promise<Bus> {
  const nc = await connect({
    servers: url.split(','),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
  });
  const jsm = await jetstreamManager(nc);
  await ensureEventStream(jsm);
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
