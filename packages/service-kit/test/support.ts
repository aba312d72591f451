// Helpers for service-kit's own integration tests: a throwaway schema in the test stack's database and a
// bus connection, so the plumbing is tested against real PostgreSQL and JetStream without any service.
import { randomUUID } from 'node:crypto';
import { DeliverPolicy } from '@nats-io/jetstream';
import { createDatabase, type Knex, type Migration } from '../src/db.ts';
import { migrate } from '../src/migrate.ts';
import { busMigrations } from '../src/bus/outbox.ts';
import type { Metrics } from '../src/metrics.ts';
import { connectBus, EVENT_STREAM, type Bus } from '../src/bus/connection.ts';

export async function scratchDatabase(
  migrations: Migration[] = [],
): Promise<{ db: Knex; schema: string; drop: () => Promise<void> }> {
  const schema = `kit_test_${randomUUID().slice(0, 8)}`;
  const db = createDatabase({ url: process.env.DATABASE_URL as string, schema, migrations });
  await migrate(db, schema, [...busMigrations, ...migrations]);
  return {
    db,
    schema,
    drop: async () => {
      await db.raw(`DROP SCHEMA "${schema}" CASCADE`);
      await db.destroy();
    },
  };
}

/** A bus connection as the test stack's test principal (test/global-setup.ts puts its user in the environment). */
export const testBus = (): Promise<Bus> =>
  connectBus({
    url: process.env.NATS_URL as string,
    name: `kit-test-${randomUUID().slice(0, 6)}`,
    user: process.env.NATS_USER,
    password: process.env.NATS_PASSWORD,
  });

/** Reads every message on a subject from the start of the stream and returns the event ids seen. */
export async function eventIdsOnSubject(bus: Bus, subject: string): Promise<string[]> {
  const consumer = await bus.js.consumers.get(EVENT_STREAM, {
    filter_subjects: subject,
    deliver_policy: DeliverPolicy.All,
  });
  const ids: string[] = [];
  const info = await consumer.info();
  let remaining = info.num_pending;
  while (remaining > 0) {
    const batch = await consumer.fetch({ max_messages: Math.min(remaining, 500), expires: 2000 });
    let got = 0;
    for await (const message of batch) {
      ids.push((message.json() as { id: string }).id);
      got += 1;
    }
    if (got === 0) break;
    remaining -= got;
  }
  await consumer.delete().catch(() => undefined);
  return ids;
}

/** One series of a metric in a process's registry (0 when it was never set), e.g. a consumer's redeliveries. */
export async function metricValue(
  metrics: Metrics,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  const metric = metrics.registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  const series = (await metric.get()).values.find((value) =>
    Object.entries(labels).every(([key, wanted]) => value.labels[key] === wanted),
  );
  return series?.value ?? 0;
}
