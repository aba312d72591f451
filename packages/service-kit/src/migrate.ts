import type { Knex } from 'knex';
import { serviceEvents, type ServiceEvents } from './bus/emitter.ts';
import type { Migration } from './db.ts';

/**
 * Creates the schema if needed and applies every migration not yet applied, in list order. `events` defaults to
 * an emitter named after the schema that wakes no relay: a service started on the schema later sends what it wrote.
 */
export async function migrate(
  db: Knex,
  schema: string,
  migrations: Migration[],
  events: ServiceEvents = serviceEvents(schema, () => undefined),
): Promise<void> {
  // Replicas booting together are serialised by knex's own migration lock table.
  await db.raw(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  await db.migrate.latest({
    schemaName: schema,
    tableName: 'schema_migrations',
    migrationSource: {
      getMigrations: async () => migrations,
      getMigrationName: (migration: Migration) => migration.name,
      getMigration: async (migration: Migration) => ({
        up: (knex: Knex) => migration.up(knex, events),
        down: migration.down ?? (async () => {}),
      }),
    },
  });
}
