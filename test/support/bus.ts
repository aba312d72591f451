// Watches and publishes events on the real bus: a plain NATS subscription sees every message JetStream stores.
import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { eventually } from './api.ts';
import { nats, natsOptions, serviceDb } from './connections.ts';

export interface EventWatch {
  events: { type: string; subjectId: string | null; actorId: string | null; data: Record<string, unknown> }[];
  /** Resolves with the first event matching `predicate`, or rejects after `timeoutMs`. */
  waitFor: (
    predicate: (event: EventWatch['events'][number]) => boolean,
    timeoutMs?: number,
  ) => Promise<EventWatch['events'][number]>;
  close: () => Promise<void>;
}

export async function watchEvents(subject: string): Promise<EventWatch> {
  const nc: NatsConnection = await connect(natsOptions());
  const events: EventWatch['events'] = [];
  const sub = nc.subscribe(subject, { callback: (_err, msg) => void events.push(msg.json()) });
  await nc.flush();
  return {
    events,
    waitFor: (predicate, timeoutMs = 10_000) =>
      eventually(async () => events.find(predicate), timeoutMs, `an event on ${subject} to match`),
    close: async () => {
      sub.unsubscribe();
      await nc.close();
    },
  };
}

/** Publishes a raw event envelope straight to JetStream, as a relay would; without a message id, so the same envelope twice is stored twice. */
export async function publishRaw(type: string, envelope: Record<string, unknown>): Promise<number> {
  const nc = await connect(natsOptions());
  try {
    return (await jetstream(nc).publish(`events.${type}`, JSON.stringify(envelope))).seq;
  } finally {
    await nc.close();
  }
}

/** Publishes an event the way a service's outbox does: the event id is the message id, so JetStream drops a second copy. Returns the id and the stream sequence (for consumerCaughtUp). */
export async function publishEvent(
  type: string,
  data: unknown,
  { id = randomUUID(), subjectId = null }: { id?: string; subjectId?: string | null } = {},
): Promise<{ id: string; sequence: number }> {
  const envelope = {
    id,
    type,
    occurredAt: new Date().toISOString(),
    source: 'tests',
    actorId: null,
    subjectId,
    data,
    traceparent: null,
  };
  const ack = await jetstream(await nats()).publish(`events.${type}`, JSON.stringify(envelope), {
    msgID: id,
  });
  // A second copy of an id is not stored: its answer names the first copy's place.
  return { id, sequence: ack.seq };
}

/**
 * Waits until a service's durable consumer has acknowledged every message up to `sequence`: each one was handled
 * (or deliberately dropped) by then, so a test can check that something did not happen without sleeping.
 */
export async function consumerCaughtUp(durable: string, sequence: number, timeoutMs = 15_000): Promise<void> {
  const jsm = await jetstreamManager(await nats());
  await eventually(
    async () => (await jsm.consumers.info('EVENTS', durable)).ack_floor.stream_seq >= sequence,
    timeoutMs,
    `${durable} to acknowledge up to ${sequence}`,
  );
}

/**
 * Waits until one service's consumer has handled the event with this id: its inbox row is written in the same
 * transaction as the handler's effect. Unlike consumerCaughtUp, it does not wait on other suites' events that the
 * shared stack's consumer is still retrying (a retried event holds the acknowledgement floor back).
 */
export async function eventHandled(
  schema: string,
  durable: string,
  eventId: string,
  timeoutMs = 15_000,
): Promise<void> {
  await eventually(
    async () =>
      (await serviceDb(schema)('inbox').where({ consumer: durable, event_id: eventId }).first()) !==
      undefined,
    timeoutMs,
    `${durable} to handle event ${eventId}`,
  );
}
