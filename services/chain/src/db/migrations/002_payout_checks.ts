import type { Migration } from '@cropvest/service-kit/db';

/**
 * Payouts to verify (decision 0080): an approved withdrawal's transaction id, checked like a deposit claim (leased
 * when due, judged, each verdict announced). A new transaction id for the same withdrawal (the first was wrong)
 * replaces the old one and starts over; the sequence goes on, so the wallet keeps only the newest verdict.
 */
export const payoutChecks: Migration = {
  name: '002_payout_checks',
  up: async (knex) => {
    await knex.schema.createTable('payout_checks', (t) => {
      t.uuid('withdrawal_id').primary();
      t.uuid('user_id').notNullable();
      t.text('network').notNullable();
      t.text('txid').notNullable();
      t.text('txid_key').notNullable();
      t.text('to_address').notNullable();
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
    await knex.raw(`ALTER TABLE payout_checks
      ADD CONSTRAINT payout_checks_status CHECK (status IN ('checking', 'confirming', 'not_found_yet', 'not_found', 'verified', 'mismatch')),
      ADD CONSTRAINT payout_checks_decided CHECK (status NOT IN ('verified', 'mismatch') OR next_check_at IS NULL)`);
    await knex.raw(
      'CREATE INDEX payout_checks_due ON payout_checks (network, next_check_at) WHERE next_check_at IS NOT NULL',
    );
  },
};
