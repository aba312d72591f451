import type { Migration } from '@cropvest/service-kit/db';

/**
 * Accounts frozen in identity, as the wallet heard of them (docs/decisions/0101-account-freeze.md): no withdrawal
 * is requested or approved for them. An unfreeze removes the row and holds new withdrawals for a while.
 */
export const frozenAccounts: Migration = {
  name: '016_frozen_accounts',
  up: async (knex) => {
    await knex.schema.createTable('frozen_accounts', (t) => {
      t.uuid('user_id').primary();
      t.timestamp('frozen_at', { useTz: true }).notNullable();
    });
    await knex.raw('ALTER TABLE withdrawal_holds DROP CONSTRAINT withdrawal_holds_reason_check');
    await knex.raw(
      `ALTER TABLE withdrawal_holds ADD CONSTRAINT withdrawal_holds_reason_check CHECK (reason IN (
         'password_changed', 'password_reset', 'email_changed', 'two_factor_disabled', 'two_factor_enabled',
         'address_added', 'account_unfrozen'))`,
    );
  },
};
