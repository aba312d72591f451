import type { Migration } from '@cropvest/service-kit/db';

/**
 * The withdrawal address book (docs/decisions/0097-withdrawal-address-book.md). An entry's `usable_from` is fixed
 * when it is saved (now + the cool-down then in force), so changing the setting later moves no cool-down already
 * running. "Whitelisted addresses only" is one row per investor who ever switched it: on while `whitelist_only` and
 * `switching_off_at` has not passed (switching it off sets that time to now + the cool-down).
 */
export const addressBook: Migration = {
  name: '013_address_book',
  up: async (knex) => {
    await knex.schema.createTable('address_book_entries', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable();
      t.text('label').notNullable();
      t.text('address').notNullable();
      t.text('network').notNullable().defaultTo('TRC20');
      t.timestamp('usable_from', { useTz: true }).notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['user_id', 'address']);
      t.index(['user_id', 'created_at']);
    });
    await knex.raw(
      `ALTER TABLE address_book_entries ADD CONSTRAINT address_book_entries_network_check CHECK (network = 'TRC20')`,
    );
    await knex.schema.createTable('address_book_settings', (t) => {
      t.uuid('user_id').primary();
      t.boolean('whitelist_only').notNullable();
      t.timestamp('switching_off_at', { useTz: true });
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
};
