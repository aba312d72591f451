import type { Migration } from '@cropvest/service-kit/db';

/**
 * Realised losses (docs/decisions/0096-realised-losses-in-history-and-statement.md): what a plan settled short
 * did not pay of an investment's due, one row per investment, kept from the harvest event beside its payout.
 * A loss moves no money, so it is no transfer: the transaction history and the statement read it from here.
 * `after_entry_id` is where it stands in the investor's available-balance ledger (the last entry when it was
 * recorded, under the wallet lock), so the statement shows it right after its payout.
 */
export const realisedLosses: Migration = {
  name: '012_realised_losses',
  up: async (knex) => {
    await knex.schema.createTable('realised_losses', (t) => {
      t.uuid('investment_id').primary();
      t.uuid('user_id').notNullable();
      t.uuid('plan_id').notNullable();
      t.text('plan_title');
      t.decimal('amount', 18, 8).notNullable();
      t.bigInteger('after_entry_id').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['user_id', 'created_at']);
    });
    await knex.raw(
      'ALTER TABLE realised_losses ADD CONSTRAINT realised_losses_amount_positive CHECK (amount > 0)',
    );
  },
};
