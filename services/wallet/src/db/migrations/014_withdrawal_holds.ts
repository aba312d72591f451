import type { Migration } from '@cropvest/service-kit/db';

/**
 * Holds on new withdrawals after a security change (docs/decisions/0098-withdrawal-holds-and-anti-phishing-code.md).
 * One row per change; `key` makes placing it again (a redelivered event, a retried address-book save) a no-op.
 * A hold's end is fixed when it is placed, so changing the setting later moves no hold already running.
 */
export const withdrawalHolds: Migration = {
  name: '014_withdrawal_holds',
  up: async (knex) => {
    await knex.schema.createTable('withdrawal_holds', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable();
      t.text('reason').notNullable();
      t.text('key').notNullable().unique();
      t.timestamp('changed_at', { useTz: true }).notNullable();
      t.timestamp('held_until', { useTz: true }).notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['user_id', 'held_until']);
    });
    // The reasons of the contract (WITHDRAWAL_HOLD_REASONS) when this was written; a new one comes with a migration.
    await knex.raw(
      `ALTER TABLE withdrawal_holds ADD CONSTRAINT withdrawal_holds_reason_check CHECK (reason IN (
         'password_changed', 'password_reset', 'email_changed', 'two_factor_disabled', 'two_factor_enabled',
         'address_added'))`,
    );
  },
};
