import { createUserDirectoryTable } from '@cropvest/service-kit/bus';
import { type Migration } from '@cropvest/service-kit/db';

/**
 * The shared user directory of the kit (`users`: id, name, email, role, version_at), fed by the kit's
 * subscriptions, which skip an event older than the row, replaces this service's own `user_directory`. The
 * names already held are kept; their role and version are unknown, so the next event about each user wins.
 */
export const sharedUserDirectory: Migration = {
  name: '008_user_directory',
  up: async (knex) => {
    await createUserDirectoryTable(knex);
    await knex.raw(
      `INSERT INTO users (id, name, email, role, version_at)
       SELECT user_id, name, email, 'investor', '-infinity' FROM user_directory`,
    );
    await knex.raw('DROP TABLE user_directory');
  },
};
