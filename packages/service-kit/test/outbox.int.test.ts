import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { eventSubject } from '@cropvest/contracts';
import { makeEvent } from '../src/bus/envelope.ts';
import {
  enqueueEvent,
  enqueueEvents,
  OUTBOX_TABLE,
  OutboxRelay,
  publishEnvelope,
} from '../src/bus/outbox.ts';
import { createMetrics } from '../src/metrics.ts';
import type { Bus } from '../src/bus/connection.ts';
import type { Knex } from '../src/db.ts';
import { eventually } from '../../../test/support/api.ts';
import { eventIdsOnSubject, metricValue, scratchDatabase, testBus } from './support.ts';

const logger = pino({ level: 'silent' });
let db: Knex;
let drop: () => Promise<void>;
let bus: Bus;

beforeAll(async () => {
  ({ db, drop } = await scratchDatabase());
  bus = await testBus();
});
afterAll(async () => {
  await bus.nc.drain();
  await drop();
});

/** user.banned events for random users are harmless to the rest of the stack: no such user exists. */
const sampleEvent = () =>
  makeEvent('user.banned', { userId: randomUUID(), isBanned: false }, { source: 'kit-test' });

const waitUntilSent = (ids: string[]) =>
  eventually(
    async () => {
      const [unsent] = await db(OUTBOX_TABLE)
        .whereIn('id', ids)
        .whereNull('sent_at')
        .count<{ count: number }[]>({ count: '*' });
      return Number(unsent?.count) === 0;
    },
    10_000,
    'the outbox rows to be sent',
  );

describe('outbox relay', () => {
  it('publishes committed events and marks them sent', async () => {
    const events = [sampleEvent(), sampleEvent(), sampleEvent()];
    await db.transaction(async (trx) => {
      for (const event of events) await enqueueEvent(trx, event);
    });
    const relay = new OutboxRelay({ db, bus, logger, pollIntervalMs: 50 });
    relay.start();
    await waitUntilSent(events.map((e) => e.id));
    await relay.stop();
    const seen = await eventIdsOnSubject(bus, eventSubject('user.banned'));
    for (const event of events) expect(seen.filter((id) => id === event.id)).toHaveLength(1);
  });

  it('sends nothing from a rolled-back transaction', async () => {
    const event = sampleEvent();
    await expect(
      db.transaction(async (trx) => {
        await enqueueEvent(trx, event);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const relay = new OutboxRelay({ db, bus, logger, pollIntervalMs: 50 });
    relay.start();
    await relay.stop();
    expect(await db(OUTBOX_TABLE).where({ id: event.id }).first()).toBeUndefined();
    expect(await eventIdsOnSubject(bus, eventSubject('user.banned'))).not.toContain(event.id);
  });

  it('delivers exactly once when a relay died after publishing but before marking the row sent', async () => {
    const event = sampleEvent();
    await db.transaction((trx) => enqueueEvent(trx, event));
    // The first relay's half-done pass: JetStream acknowledged, the row still says unsent.
    const first = await publishEnvelope(bus, event);
    expect(first.duplicate).toBe(false);
    expect((await db(OUTBOX_TABLE).where({ id: event.id }).first()).sent_at).toBeNull();

    // A new relay finds the row and sends it again with the same Nats-Msg-Id; JetStream drops the copy.
    const relay = new OutboxRelay({ db, bus, logger, pollIntervalMs: 50 });
    relay.start();
    await waitUntilSent([event.id]);
    await relay.stop();
    const seen = await eventIdsOnSubject(bus, eventSubject('user.banned'));
    expect(seen.filter((id) => id === event.id)).toHaveLength(1);
    expect((await db(OUTBOX_TABLE).where({ id: event.id }).first()).attempts).toBe(1);
  });

  it('keeps retrying while JetStream cannot take the event, then sends it once', async () => {
    const event = sampleEvent();
    await db.transaction((trx) => enqueueEvent(trx, event));
    const brokenBus = {
      ...bus,
      js: { publish: () => Promise.reject(new Error('no stream available')) },
    } as unknown as Bus;
    const metrics = createMetrics('kit-test');
    const failing = new OutboxRelay({ db, bus: brokenBus, logger, pollIntervalMs: 20, metrics });
    failing.start();
    await eventually(
      async () => (await db(OUTBOX_TABLE).where({ id: event.id }).first()).attempts > 1,
      10_000,
      'a second failed attempt',
    );
    await failing.stop();
    const row = await db(OUTBOX_TABLE).where({ id: event.id }).first();
    expect(row.sent_at).toBeNull();
    expect(row.attempts).toBeGreaterThan(1);
    expect(row.last_error).toBe('no stream available');
    // The backlog and its age are what an alert watches while JetStream refuses.
    expect(await metricValue(metrics, 'outbox_pending_events')).toBeGreaterThanOrEqual(1);
    expect(await metricValue(metrics, 'outbox_oldest_pending_age_seconds')).toBeGreaterThan(0);

    const relay = new OutboxRelay({ db, bus, logger, pollIntervalMs: 20, metrics });
    relay.start();
    await waitUntilSent([event.id]);
    await eventually(
      async () => (await metricValue(metrics, 'outbox_oldest_pending_age_seconds')) === 0,
      10_000,
      'the backlog age back to 0',
    );
    await relay.stop();
    expect(
      (await eventIdsOnSubject(bus, eventSubject('user.banned'))).filter((id) => id === event.id),
    ).toHaveLength(1);
  });

  it('counts the money events it announces and the USDT they move', async () => {
    const userId = randomUUID();
    const deposit = makeEvent(
      'deposit.approved',
      { depositId: randomUUID(), userId, amount: '125.50000000', approvedBy: randomUUID() },
      { source: 'kit-test' },
    );
    const harvest = makeEvent(
      'investment.harvested',
      {
        investmentId: randomUUID(),
        userId,
        planId: randomUUID(),
        principal: '100.00000000',
        interest: '7.25000000',
      },
      { source: 'kit-test' },
    );
    await db.transaction(async (trx) => {
      await enqueueEvent(trx, deposit);
      await enqueueEvent(trx, harvest);
      await enqueueEvent(trx, sampleEvent());
    });
    // Money events for made-up users must not reach the stack's consumers: JetStream here acknowledges and keeps
    // nothing.
    const acknowledging = {
      ...bus,
      js: { publish: () => Promise.resolve({ stream: 'EVENTS', seq: 1, duplicate: false }) },
    } as unknown as Bus;
    const metrics = createMetrics('kit-test');
    const relay = new OutboxRelay({ db, bus: acknowledging, logger, pollIntervalMs: 20, metrics });
    relay.start();
    await waitUntilSent([deposit.id, harvest.id]);
    await relay.stop();
    expect(await metricValue(metrics, 'money_events_total', { event: 'deposit.approved' })).toBe(1);
    expect(await metricValue(metrics, 'money_moved_usdt_total', { event: 'deposit.approved' })).toBe(125.5);
    expect(await metricValue(metrics, 'money_moved_usdt_total', { event: 'investment.harvested' })).toBe(
      107.25,
    );
    expect(await metricValue(metrics, 'money_events_total', { event: 'user.banned' })).toBe(0);
  });

  it('two relays draining one outbox side by side send every event once', async () => {
    const events = Array.from({ length: 300 }, sampleEvent);
    await db.transaction(async (trx) => {
      for (const event of events) await enqueueEvent(trx, event);
    });
    const relays = [
      new OutboxRelay({ db, bus, logger, batchSize: 25 }),
      new OutboxRelay({ db, bus, logger, batchSize: 25 }),
    ];
    relays.forEach((relay) => relay.start());
    await waitUntilSent(events.map((e) => e.id));
    await Promise.all(relays.map((relay) => relay.stop()));
    const seen = new Set(await eventIdsOnSubject(bus, eventSubject('user.banned')));
    expect(events.every((event) => seen.has(event.id))).toBe(true);
    const attempts = await db(OUTBOX_TABLE)
      .whereIn(
        'id',
        events.map((e) => e.id),
      )
      .max<{ max: number }[]>({ max: 'attempts' });
    expect(attempts[0]?.max).toBe(1);
  });

  it('publishes a burst of events once each, and the events of each transaction in the order written', async () => {
    // One transaction writing a thousand (a harvest batch), then sequential transactions as one aggregate's
    // changes arrive, while the relay is kicked after each commit as a service does.
    const burst = Array.from({ length: 1000 }, sampleEvent);
    await db.transaction((trx) => enqueueEvents(trx, burst));
    const relay = new OutboxRelay({ db, bus, logger });
    relay.start();
    const followUps = Array.from({ length: 200 }, sampleEvent);
    for (const event of followUps) {
      await db.transaction((trx) => enqueueEvent(trx, event));
      relay.kick();
    }
    const written = [...burst, ...followUps].map((event) => event.id);
    await waitUntilSent(written);
    await relay.stop();
    const mine = new Set(written);
    const published = (await eventIdsOnSubject(bus, eventSubject('user.banned'))).filter((id) =>
      mine.has(id),
    );
    expect(published).toEqual(written);
  });

  it('publishes while requests hold every connection of the service pool', async () => {
    // Requests waiting for the service's pool must not hold the relay up: it has a connection of its own.
    const events = Array.from({ length: 20 }, sampleEvent);
    await db.transaction((trx) => enqueueEvents(trx, events));
    const seen = new Set<string>();
    const subscription = bus.nc.subscribe(eventSubject('user.banned'), {
      callback: (_error, message) => {
        seen.add((message.json() as { id: string }).id);
      },
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const poolSize = (db.client as { pool: { max: number } }).pool.max;
    const holders = Array.from({ length: poolSize + 5 }, () => db.transaction(() => released));
    const relay = new OutboxRelay({ db, bus, logger });
    relay.start();
    try {
      await eventually(
        async () => events.every((event) => seen.has(event.id)),
        10_000,
        'the events on the bus',
      );
    } finally {
      release();
      await Promise.all(holders);
      subscription.unsubscribe();
    }
    await relay.stop();
    expect(
      await db(OUTBOX_TABLE)
        .whereIn(
          'id',
          events.map((e) => e.id),
        )
        .whereNull('sent_at'),
    ).toEqual([]);
  });
});
