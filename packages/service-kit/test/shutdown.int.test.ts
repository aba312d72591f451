import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Router from '@koa/router';
import { eventSubject } from '@cropvest/contracts';
import { BaseServiceConfig } from '../src/config.ts';
import { startService } from '../src/runtime.ts';
import { OUTBOX_TABLE } from '../src/bus/outbox.ts';
import { createDatabase, type Knex, type Migration } from '../src/db.ts';
import type { Bus } from '../src/bus/connection.ts';
import { eventIdsOnSubject, testBus } from './support.ts';

const schema = `kit_shutdown_${randomUUID().slice(0, 8)}`;
const things: Migration = {
  name: '001_things',
  up: (knex) =>
    knex.schema.createTable('things', (t) => {
      t.uuid('id').primary();
      t.uuid('event_id').notNullable();
    }),
};
let bus: Bus;
let inspect: Knex;

beforeAll(async () => {
  bus = await testBus();
  inspect = createDatabase({ url: process.env.DATABASE_URL as string, schema, migrations: [] });
});
afterAll(async () => {
  await inspect.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await inspect.destroy();
  await bus.nc.drain();
});

describe('graceful shutdown', () => {
  it('finishes requests in flight and sends every committed event before closing: no outbox row is lost', async () => {
    const config = BaseServiceConfig.parse({
      PORT: '0',
      METRICS_PORT: '0',
      DATABASE_URL: process.env.DATABASE_URL,
      NATS_URL: process.env.NATS_URL,
      NATS_USER: process.env.NATS_USER,
      NATS_PASSWORD: process.env.NATS_PASSWORD,
      JWKS_URL: 'http://127.0.0.1:9/.well-known/jwks.json',
      LOG_LEVEL: 'silent',
    });
    const running = await startService({
      name: 'shutdown-test',
      schema,
      config,
      migrations: [things],
      routers: ({ db, events }) => {
        const router = new Router();
        router.post('/things', async (ctx) => {
          const id = randomUUID();
          const eventId = await events.writing(() =>
            db.transaction(async (trx) => {
              const eventId = await events.emit(trx, 'user.banned', { userId: id, isBanned: false });
              // Hold the transaction open a little, so shutdown lands while requests are mid-flight.
              await new Promise((r) => setTimeout(r, 20));
              await trx('things').insert({ id, event_id: eventId });
              return eventId;
            }),
          );
          ctx.status = 201;
          ctx.body = { id, eventId };
        });
        return [router];
      },
    });
    const url = `http://127.0.0.1:${running.port}/things`;
    const requests = Array.from({ length: 150 }, (_, i) =>
      new Promise((r) => setTimeout(r, i)).then(() =>
        fetch(url, { method: 'POST' }).then(
          async (response) =>
            response.status === 201 ? ((await response.json()) as { id: string; eventId: string }) : null,
          () => null,
        ),
      ),
    );
    await new Promise((r) => setTimeout(r, 40));
    await running.shutdown();
    const answered = (await Promise.all(requests)).filter(
      (r): r is { id: string; eventId: string } => r !== null,
    );

    expect(answered.length).toBeGreaterThan(0);
    const rows = await inspect('things').select('id', 'event_id');
    // Every answered request committed its row, and nothing was committed without an answer's event.
    expect(rows.map((r) => r.id).sort()).toEqual(expect.arrayContaining(answered.map((a) => a.id).sort()));
    expect(await inspect(OUTBOX_TABLE).whereNull('sent_at')).toHaveLength(0);
    const seen = new Set(await eventIdsOnSubject(bus, eventSubject('user.banned')));
    for (const row of rows) expect(seen.has(row.event_id)).toBe(true);
  });
});
