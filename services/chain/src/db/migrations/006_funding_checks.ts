import type { Migration } from '@cropvest/service-kit/db';

/**
 * The platform's own money moving on chain (decision 0095): the transaction a disbursement, proceeds receipt or
 * reserve contribution names, checked like a payout (leased when due, judged, each verdict announced to the plans
 * service). Its transfers are claimed as `funding`, so proceeds arriving at a platform address are never listed as
 * unmatched, and no deposit or payout can use them too.
 */
export const fundingChecks: Migration = {
  name: '006_funding_checks',
  up: async (knex) => {
    await knex.schema.createTable('funding_checks', (t) => {
      t.uuid('record_id').primary();
      t.text('record_kind').notNullable();
      t.uuid('plan_id');
      t.text('network').notNullable();
      t.text('txid').notNullable();
      t.text('txid_key').notNullable();
      t.decimal('amount', 18, 8).notNullable();
      t.text('status').notNullable().defaultTo('checking');
      t.text('reason');
      t.text('message');
      t.integer('confirmations');
      t.integer('required_confirmations');
      t.integer('seq').notNullable().defaultTo(0);
      t.integer('attempts').notNullable().defaultTo(0);
      t.text('last_error');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('checked_at', { useTz: true });
      t.timestamp('next_check_at', { useTz: true }).defaultTo(knex.fn.now());
    });
    await knex.raw(`ALTER TABLE funding_checks
      ADD CONSTRAINT funding_checks_kind CHECK (record_kind IN ('disbursement', 'proceeds', 'reserve_contribution')),
      ADD CONSTRAINT funding_checks_status CHECK (status IN ('checking', 'confirming', 'not_found_yet', 'not_found', 'verified', 'mismatch')),
      ADD CONSTRAINT funding_checks_decided CHECK (status NOT IN ('verified', 'mismatch') OR next_check_at IS NULL)`);
    await knex.raw(
      'CREATE INDEX funding_checks_due ON funding_checks (network, next_check_at) WHERE next_check_at IS NOT NULL',
    );
    await knex.raw(`ALTER TABLE chain_transfers
      DROP CONSTRAINT chain_transfers_claim_kind,
      ADD CONSTRAINT chain_transfers_claim_kind CHECK (claimed_by_kind IN ('deposit', 'assignment', 'withdrawal', 'funding'))`);
  },
};
