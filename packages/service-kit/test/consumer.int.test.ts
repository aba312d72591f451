import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AckPolicy, DeliverPolicy } from '@nats-io/jetstream';
import { pino } from 'pino';
import { eventSubject } from '@cropvest/contracts';
import { makeEvent } from '../src/bus/envelope.ts';
import { ConsumerRunner, subscribe } from '../src/bus/consumer.ts';
import { INBOX_TABLE } from '../src/bus/outbox.ts';
import { createMetrics } from '../src/metrics.ts';
import { EVENT_STREAM, type Bus } from '../src/bus/connection.ts';
import type { Knex, Migration } from '../src/db.ts';
import { eventually } from '../../../test/support/api.ts';
import { metricValue, scratchDatabase, testBus } from './support.ts';

const logger = pino({ level: 'silent' });
const effects: Migration = {
  name: '001_effects',
  up: (knex) =>
    knex.schema.createTable('effects', (t) => {
      t.increments('id');
      t.uuid('event_id').notNullable();
      t.uuid('user_id').notNullable();
    }),
};
let db: Knex;
let drop: () => Promise<void>;
let bus: Bus;

beforeAll(async () => {
  ({ db, drop } = await scratchDatabase([effects]));
  bus = await testBus();
});
afterAll(async () => {
  await bus.nc.drain();
  await drop();
});

const waitFor = (check: () => Promise<boolean>, what: string) => eventually(check, 10_000, what);

/**
 * Each test's durable consumer, made before the runner starts (which then keeps it) and reading from the stream's end:
 * a new durable of the runner's own reads every ban the stack's other suites published first (926 in one run), one
 * at a time, and on a busy machine that replay outlasted the wait for this test's own events.
 */
const consumerFromNow = async (): Promise<string> => {
  const durable = `kit-test-${randomUUID().slice(0, 8)}`;
  await bus.jsm.consumers.add(EVENT_STREAM, {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.New,
    filter_subject: eventSubject('user.banned'),
  });
  return durable;
};

/** Publishes the same envelope with a fresh Nats-Msg-Id, as a redelivery or a duplicate producer would. */
const publishCopy = (event: ReturnType<typeof makeEvent>) =>
  bus.js.publish(eventSubject('user.banned'), JSON.stringify(event), { msgID: randomUUID() });

describe('idempotent consumers', () => {
  it('applies an event delivered twice exactly once, recording it in the inbox', async () => {
    const durable = await consumerFromNow();
    const userId = randomUUID();
    const runner = new ConsumerRunner({ db, bus, logger });
    await runner.start([
      subscribe({
        durable,
        type: 'user.banned',
        handle: async (trx, event) => {
          if (event.data.userId === userId)
            await trx('effects').insert({ event_id: event.id, user_id: event.data.userId });
        },
      }),
    ]);
    const event = makeEvent('user.banned', { userId, isBanned: true }, { source: 'kit-test' });
    const marker = makeEvent('user.banned', { userId, isBanned: false }, { source: 'kit-test' });
    await publishCopy(event);
    await publishCopy(event);
    await publishCopy(marker);
    // The consumer handles one message at a time in stream order, so once the marker is in, both copies were seen.
    await waitFor(
      async () => Boolean(await db('effects').where({ event_id: marker.id }).first()),
      'the marker event',
    );
    await runner.stop();
    expect(await db('effects').where({ event_id: event.id })).toHaveLength(1);
    expect(await db(INBOX_TABLE).where({ consumer: durable, event_id: event.id })).toHaveLength(1);
    await bus.jsm.consumers.delete('EVENTS', durable);
  });

  it('redelivers after a handler failure, and the failed attempt leaves nothing behind', async () => {
    const durable = await consumerFromNow();
    const userId = randomUUID();
    let failuresLeft = 2;
    const metrics = createMetrics('kit-test');
    const runner = new ConsumerRunner({ db, bus, logger, metrics });
    await runner.start([
      subscribe({
        durable,
        type: 'user.banned',
        handle: async (trx, event) => {
          if (event.data.userId !== userId) return;
          await trx('effects').insert({ event_id: event.id, user_id: userId });
          if (failuresLeft-- > 0) throw new Error('downstream hiccup');
        },
      }),
    ]);
    const event = makeEvent('user.banned', { userId, isBanned: true }, { source: 'kit-test' });
    await publishCopy(event);
    await waitFor(
      async () => Boolean(await db(INBOX_TABLE).where({ consumer: durable, event_id: event.id }).first()),
      'the event to be handled',
    );
    await runner.stop();
    expect(failuresLeft).toBeLessThan(0);
    expect(await db('effects').where({ event_id: event.id })).toHaveLength(1);
    // The two failed attempts show as redeliveries. The consumer's lag is what the stream held for it after the
    // last message it took: other suites may ban users at any moment, so that is not always 0, but every message
    // it counted is still waiting for this consumer (undelivered, or taken into the client and not acknowledged).
    expect(await metricValue(metrics, 'events_redelivered_total', { consumer: durable })).toBe(2);
    const waiting = await bus.jsm.consumers.info('EVENTS', durable);
    expect(
      await metricValue(metrics, 'consumer_pending_messages', { consumer: durable }),
    ).toBeLessThanOrEqual(waiting.num_pending + waiting.num_ack_pending);
    await bus.jsm.consumers.delete('EVENTS', durable);
  });

  it('drops a malformed event instead of redelivering it forever', async () => {
    const durable = await consumerFromNow();
    const handled: string[] = [];
    const runner = new ConsumerRunner({ db, bus, logger });
    const userId = randomUUID();
    await runner.start([
      subscribe({
        durable,
        type: 'user.banned',
        handle: async (_trx, event) => void (event.data.userId === userId && handled.push(event.id)),
      }),
    ]);
    await bus.js.publish(
      eventSubject('user.banned'),
      JSON.stringify({ id: randomUUID(), type: 'user.banned', data: { nope: true } }),
      { msgID: randomUUID() },
    );
    const good = makeEvent('user.banned', { userId, isBanned: true }, { source: 'kit-test' });
    await publishCopy(good);
    await waitFor(async () => handled.includes(good.id), 'the good event after the malformed one');
    await runner.stop();
    // Dropped means settled with the server: nothing waits for an acknowledgement and nothing was redelivered.
    const { num_ack_pending, num_redelivered, num_pending } = await bus.jsm.consumers.info('EVENTS', durable);
    expect({ num_ack_pending, num_redelivered, num_pending }).toEqual({
      num_ack_pending: 0,
      num_redelivered: 0,
      num_pending: 0,
    });
    expect(handled).toEqual([good.id]);
    await bus.jsm.consumers.delete('EVENTS', durable);
  });

  it('takes a backlog many events per transaction, each once, and falls back to one at a time when a batch fails', async () => {
    const durable = await consumerFromNow();
    const userId = randomUUID();
    const events = Array.from({ length: 40 }, (_, i) =>
      makeEvent('user.banned', { userId, isBanned: i % 2 === 0 }, { source: 'kit-test' }),
    );
    const failing = events[17] as (typeof events)[number];
    let failuresLeft = 1;
    // The backlog waits in the stream before the runner starts (for the consumer made first); two events are
    // published twice in a row, so each pair lands in one batch.
    for (const [i, event] of events.entries()) {
      await publishCopy(event);
      if (i === 3 || i === 30) await publishCopy(event);
    }
    const transactions = new Set<string>();
    const runner = new ConsumerRunner({ db, bus, logger });
    await runner.start([
      subscribe({
        durable,
        type: 'user.banned',
        batch: 10,
        handle: async (trx, event) => {
          if (event.data.userId !== userId) return;
          const { rows } = await trx.raw<{ rows: { id: string }[] }>('SELECT txid_current()::text AS id');
          transactions.add((rows[0] as { id: string }).id);
          await trx('effects').insert({ event_id: event.id, user_id: userId });
          if (event.id === failing.id && failuresLeft-- > 0) throw new Error('downstream hiccup');
        },
      }),
    ]);
    await waitFor(
      async () =>
        Number(
          (
            await db(INBOX_TABLE)
              .where({ consumer: durable })
              .whereIn(
                'event_id',
                events.map((e) => e.id),
              )
              .count({ n: '*' })
          )[0]?.n,
        ) === events.length,
      'every event of the backlog',
    );
    await runner.stop();
    const effects = await db('effects').where({ user_id: userId }).select('event_id');
    expect(effects.map((row: { event_id: string }) => row.event_id).sort()).toEqual(
      events.map((e) => e.id).sort(),
    );
    expect(failuresLeft).toBeLessThan(1);
    // Batching really happened: fewer transactions than events (the failed batch's retries one by one included).
    expect(transactions.size).toBeLessThan(events.length / 2);
    await bus.jsm.consumers.delete('EVENTS', durable);
  });

  it('keeps pulling while a batch is handled, so a backlog is taken in full batches', async () => {
    const durable = await consumerFromNow();
    const userId = randomUUID();
    const events = Array.from({ length: 60 }, () =>
      makeEvent('user.banned', { userId, isBanned: true }, { source: 'kit-test' }),
    );
    for (const event of events) await publishCopy(event);
    const batchSizes: number[] = [];
    const runner = new ConsumerRunner({ db, bus, logger });
    const handle = async (trx: Knex.Transaction, batch: { id: string; data: { userId: string } }[]) => {
      const ours = batch.filter((event) => event.data.userId === userId);
      if (ours.length === 0) return;
      batchSizes.push(ours.length);
      await trx('effects').insert(ours.map((event) => ({ event_id: event.id, user_id: userId })));
    };
    await runner.start([
      subscribe({
        durable,
        type: 'user.banned',
        batch: 10,
        handle: (trx, event) => handle(trx, [event]),
        handleMany: handle,
      }),
    ]);
    const handled = async () =>
      Number((await db('effects').where({ user_id: userId }).count({ n: '*' }))[0]?.n);
    await waitFor(async () => (await handled()) === events.length, 'every event of the backlog');
    await runner.stop();
    // The first event is taken alone (a lone event waits for nothing); the rest arrive while it is handled.
    // Waiting for the whole queue to drain before pulling again made every other batch a single event
    // (about 11 batches here).
    expect(batchSizes.reduce((a, b) => a + b, 0)).toBe(events.length);
    expect(batchSizes.length).toBeLessThanOrEqual(events.length / 10 + 2);
    await bus.jsm.consumers.delete('EVENTS', durable);
  });
});
