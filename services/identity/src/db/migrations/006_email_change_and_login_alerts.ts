import type { Migration } from '@cropvest/service-kit/db';

/**
 * Changing one's own email address (a link mailed to the new address confirms it) and the owner's Login Alerts
 * switch (a notice when a sign-in comes from a device and network the account never used).
 */
export const emailChangeAndLoginAlerts: Migration = {
  name: '006_email_change_and_login_alerts',
  up: async (knex) => {
    await knex.schema.createTable('email_change_tokens', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
      t.text('new_email').notNullable();
      // SHA-256 of the single-use token in the mailed link; the token itself is never stored.
      t.text('token_hash').notNullable().unique();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('used_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['user_id', 'created_at']);
    });
    await knex.schema.alterTable('users', (t) => {
      t.boolean('login_alerts').notNullable().defaultTo(true);
    });
  },
};
