// Direct handles on the stack's infrastructure for suites that look past the HTTP API: a pool per service
// schema and one NATS connection, opened on first use; a suite that uses them closes them in afterAll.
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { createDatabase, type Knex } from '@cropvest/service-kit';
import { stack } from './api.ts';

const pools = new Map<string, Knex>();
/** A service's own schema, for reading its rows or moving test data back in time. */
export function serviceDb(schema: string): Knex {
  let db = pools.get(schema);
  if (!db) {
    db = createDatabase({
      url: stack().databaseUrl,
      schema,
      migrations: [],
      poolMax: 4,
      applicationName: `${schema}-tests`,
    });
    pools.set(schema, db);
  }
  return db;
}

let nc: NatsConnection | undefined;
/** The suite's NATS connection, for commands and published events. */
export const nats = async (): Promise<NatsConnection> => (nc ??= await connect({ servers: stack().natsUrl }));

/** Closes every pool and the NATS connection the suite opened, so Jest can exit. */
export async function closeConnections(): Promise<void> {
  await Promise.all([...pools.values()].map((db) => db.destroy()));
  pools.clear();
  await nc?.drain();
  nc = undefined;
}
