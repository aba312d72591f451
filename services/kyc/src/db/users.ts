// The user projection (name, email, role), fed by identity's events; never read from identity's tables.
import type { Knex } from '@cropvest/service-kit';
import type { Role } from '@cropvest/contracts';

export interface UserProjection {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/** Inserts or updates a user; an event older than the row's version changes nothing. */
export async function upsertUser(
  trx: Knex.Transaction,
  user: UserProjection,
  versionAt: string,
): Promise<void> {
  await trx.raw(
    `INSERT INTO users (id, name, email, role, version_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, email = EXCLUDED.email, role = EXCLUDED.role, version_at = EXCLUDED.version_at
     WHERE users.version_at <= EXCLUDED.version_at`,
    [user.id, user.name, user.email, user.role, versionAt],
  );
}

export const findUser = (db: Knex, id: string): Promise<UserProjection | undefined> =>
  db<UserProjection>('users').where({ id }).first('id', 'name', 'email', 'role');
