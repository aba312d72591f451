import type { Migration } from '@cropvest/service-kit/db';

/**
 * Wallet Management and Payment Methods: every change of the platform deposit address is kept (who, when,
 * old → new, network) so an admin can see where investors were told to send money at any time; and which
 * networks are accepted for deposits and for withdrawals. TRC-20 starts accepted both ways, as before this
 * table existed; the others start off (withdrawals are TRC-20 only).
 */
export const paymentMethods: Migration = {
  name: '005_payment_methods',
  up: async (knex) => {
    await knex.schema.createTable('wallet_address_changes', (t) => {
      t.uuid('id').primary();
      t.uuid('admin_id').notNullable();
      t.text('previous_address');
      t.text('previous_network');
      t.boolean('previous_is_active');
      t.text('address').notNullable();
      t.text('network').notNullable();
      t.boolean('is_active').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw('CREATE INDEX wallet_address_changes_created ON wallet_address_changes (created_at, id)');
    await knex.schema.createTable('payment_methods', (t) => {
      t.text('network').primary();
      t.boolean('deposits').notNullable();
      t.boolean('withdrawals').notNullable();
      t.uuid('updated_by');
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw(`ALTER TABLE payment_methods
      ADD CONSTRAINT payment_methods_network CHECK (network IN ('TRC20', 'ERC20', 'BEP20')),
      ADD CONSTRAINT payment_methods_withdrawals_trc20 CHECK (NOT withdrawals OR network = 'TRC20')`);
    await knex('payment_methods').insert([
      { network: 'TRC20', deposits: true, withdrawals: true },
      { network: 'ERC20', deposits: false, withdrawals: false },
      { network: 'BEP20', deposits: false, withdrawals: false },
    ]);
  },
};
