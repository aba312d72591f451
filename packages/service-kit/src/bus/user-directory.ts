// The user projection several services keep (names and emails for admin lists, recipients for notifications):
// a `users (id, name, email, role, version_at)` table in the service's own schema, fed by identity's
// user.registered and user.updated events, never by reading identity's tables. `version_at` is the occurredAt
// of the event that wrote the row, so an older event arriving late never overwrites a newer one.
import type { Knex } from 'knex';
import type { Role } from '@cropvest/contracts';
import { subscribe, type Subscription } from './consumer.ts';
import { durableName } from './permissions.ts';

export interface DirectoryUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/** The table, for a service's own migration. */
export function createUserDirectoryTable(knex: Knex): Promise<void> {
  return knex.schema.createTable('users', (t) => {
    t.uuid('id').primary();
    t.text('name').notNullable();
    t.text('email').notNullable();
    t.text('role').notNullable();
    t.timestamp('version_at', { useTz: true }).notNullable();
  });
}

/** Inserts or updates a user; an event older than the row's version changes nothing. */
export async function upsertDirectoryUser(
  trx: Knex.Transaction,
  user: DirectoryUser,
  versionAt: string,
): Promise<void> {
  await trx.raw(
    `INSERT INTO users (id, name, email, role, version_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, email = EXCLUDED.email, role = EXCLUDED.role, version_at = EXCLUDED.version_at
     WHERE users.version_at <= EXCLUDED.version_at`,
    [user.id, user.name, user.email, user.role, versionAt],
  );
}

export const findDirectoryUser = (db: Knex, id: string): Promise<DirectoryUser | undefined> =>
  db<DirectoryUser>('users').where({ id }).first('id', 'name', 'email', 'role');

/** The two subscriptions that keep the table fresh; durable names start with the service's name. */
export function userDirectorySubscriptions(service: string): Subscription[] {
  return (['user.registered', 'user.updated'] as const).map((type) =>
    subscribe({
      durable: durableName(service, type),
      type,
      handle: (trx, event) =>
        upsertDirectoryUser(
          trx,
          { id: event.data.userId, name: event.data.name, email: event.data.email, role: event.data.role },
          event.occurredAt,
        ),
    }),
  );
}
