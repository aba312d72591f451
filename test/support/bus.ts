// Watches and publishes events on the real bus: a plain NATS subscription sees every message JetStream stores.
import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { nats, natsOptions } from './connections.ts';

export interface EventWatch {
  events: { type: string; subjectId: string | null; actorId: string | null; data: Record<string, any> }[];
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
    waitFor: async (predicate, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no event on ${subject} matched within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: async () => {
      sub.unsubscribe();
      await nc.close();
    },
  };
}

/** Publishes a raw event envelope straight to JetStream, as a relay would; without a message id, so the same envelope twice is stored twice. */
export async function publishRaw(type: string, envelope: Record<string, unknown>): Promise<void> {
  const nc = await connect(natsOptions());
  try {
    await jetstream(nc).publish(`events.${type}`, JSON.stringify(envelope));
  } finally {
    await nc.close();
  }
}

/** Publishes an event the way a service's outbox does: the event id is the message id, so JetStream drops a second copy. Returns the id. */
export async function publishEvent(
  type: string,
  data: unknown,
  { id = randomUUID(), subjectId = null }: { id?: string; subjectId?: string | null } = {},
): Promise<string> {
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
  await jetstream(await nats()).publish(`events.${type}`, JSON.stringify(envelope), { msgID: id });
  return id;
}
