import type { Migration } from '@cropvest/service-kit/db';

/** users.balance remembers the wallet version it was written at, so an older balance never replaces a newer one. */
export const balanceVersion: Migration = {
  name: '003_balance_version',
  up: async (knex) => {
    await knex.schema.alterTable('users', (t) => {
      t.bigInteger('balance_version').notNullable().defaultTo(0);
    });
  },
};
