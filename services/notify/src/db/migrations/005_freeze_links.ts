import type { Migration } from '@cropvest/service-kit/db';

/**
 * Each account's current freeze link token as identity issued it (docs/decisions/0101-account-freeze.md): every
 * security mail to the account carries the link. Its only power is freezing the account, which its owner undoes.
 */
export const freezeLinks: Migration = {
  name: '005_freeze_links',
  up: async (knex) => {
    await knex.schema.createTable('freeze_links', (t) => {
      t.uuid('user_id').primary();
      t.text('token').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
};
