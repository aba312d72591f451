import type { Migration } from '@cropvest/service-kit/db';

/**
 * The wallet's user projection becomes the kit's shared user directory (`users`: id, name, email, role,
 * version_at), fed by the kit's subscriptions, which skip an event older than the row. The table is renamed in
 * place, so its trigram indexes (the admin lists' name and email search) stay; the rows' version is unknown, so
 * the next event about each user wins.
 */
export const sharedUserDirectory: Migration = {
  name: '006_user_directory',
  up: async (knex) => {
    await knex.raw('ALTER TABLE user_directory RENAME TO users');
    await knex.raw('ALTER TABLE users RENAME COLUMN user_id TO id');
    await knex.raw('ALTER TABLE users RENAME COLUMN updated_at TO version_at');
    await knex.raw('ALTER TABLE users ALTER COLUMN version_at DROP DEFAULT');
    await knex.raw(`UPDATE users SET version_at = '-infinity'`);
    await knex.raw('ALTER INDEX user_directory_pkey RENAME TO users_pkey');
    await knex.raw('ALTER INDEX user_directory_name_trgm RENAME TO users_name_trgm');
    await knex.raw('ALTER INDEX user_directory_email_trgm RENAME TO users_email_trgm');
  },
};
