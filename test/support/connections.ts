// Direct handles on the stack's infrastructure for suites that look past the HTTP API: a pool per service
// schema and one NATS connection, opened on first use; a suite that uses them closes them in afterAll.
import { readFileSync } from 'node:fs';
import { connect, type ConnectionOptions, type NatsConnection } from '@nats-io/transport-node';
import { inboxPrefix, type Principal } from '@cropvest/service-kit/bus';
import { createDatabase, type Knex } from '@cropvest/service-kit/db';
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

/**
 * How a test reaches the bus: as the test principal, which may forge events, watch them, send the wallet's
 * balance and debit commands and read statistics, and nothing else (packages/service-kit/src/bus/permissions.ts).
 */
export function natsOptions(): ConnectionOptions {
  const { natsUrl, natsUser, natsPassword } = stack();
  return {
    servers: natsUrl.split(','),
    user: natsUser,
    pass: natsPassword,
    inboxPrefix: inboxPrefix(natsUser),
  };
}

/** The environment a service process needs to connect as `principal`, e.g. to run a second replica. */
export function natsEnvOf(principal: Principal): { NATS_USER: string; NATS_PASSWORD: string } {
  const passwords = JSON.parse(readFileSync(stack().natsCredentialsFile, 'utf8')) as Record<string, string>;
  return { NATS_USER: principal, NATS_PASSWORD: passwords[principal] as string };
}

let nc: NatsConnection | undefined;
/** The suite's NATS connection, for commands and published events. */
export const nats = async (): Promise<NatsConnection> => (nc ??= await connect(natsOptions()));

/** Closes every pool and the NATS connection the suite opened, so Jest can exit. */
export async function closeConnections(): Promise<void> {
  await Promise.all([...pools.values()].map((db) => db.destroy()));
  pools.clear();
  await nc?.drain();
  nc = undefined;
}
