import { createUserDirectoryTable } from '@cropvest/service-kit/bus';
import { type Migration } from '@cropvest/service-kit/db';

/**
 * Unmatched transfers (docs/decisions/0084): an admin's assignment of a transfer nobody claimed to an investor, the
 * security setting that decides when two admins must agree, the investors' names (the kit's user directory), how
 * an admin decided a claim's deposit (a rejected deposit no longer holds its transaction), and the indexes the
 * list reads: the few transfers nobody claimed, the claims by transaction, and the logs an assignment holds.
 */
export const unmatchedTransfers: Migration = {
  name: '004_unmatched_transfers',
  up: async (knex) => {
    await createUserDirectoryTable(knex);
    // The settings this service enforces, as `settings.updated` last said (the wallet keeps the same projection).
    await knex.schema.createTable('settings_projection', (t) => {
      t.text('key').primary();
      t.jsonb('value').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });

    await knex.schema.createTable('transfer_assignments', (t) => {
      t.uuid('id').primary();
      t.text('network').notNullable();
      t.text('txid').notNullable();
      t.text('txid_key').notNullable();
      t.uuid('user_id').notNullable();
      t.decimal('amount', 18, 8).notNullable();
      t.text('reason').notNullable();
      t.text('status').notNullable();
      t.boolean('requires_second_approval').notNullable();
      t.uuid('requested_by').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.uuid('reviewed_by');
      t.timestamp('reviewed_at', { useTz: true });
      t.text('rejection_reason');
    });
    await knex.raw(`ALTER TABLE transfer_assignments
      ADD CONSTRAINT transfer_assignments_network CHECK (network IN ('TRC20', 'ERC20', 'BEP20')),
      ADD CONSTRAINT transfer_assignments_status CHECK (status IN ('awaiting_second_approval', 'applied', 'rejected')),
      ADD CONSTRAINT transfer_assignments_amount CHECK (amount >= 1),
      ADD CONSTRAINT transfer_assignments_reviewed CHECK ((status = 'awaiting_second_approval') = (reviewed_by IS NULL)),
      ADD CONSTRAINT transfer_assignments_four_eyes CHECK (status <> 'applied' OR NOT requires_second_approval OR reviewed_by <> requested_by)`);
    // One live assignment per transaction (the held logs are the first guard, this the second).
    await knex.raw(
      `CREATE UNIQUE INDEX transfer_assignments_once ON transfer_assignments (network, txid_key) WHERE status <> 'rejected'`,
    );

    await knex.raw(`ALTER TABLE deposit_claims
      ADD COLUMN closed_as text,
      ADD CONSTRAINT deposit_claims_closed_as CHECK (closed_as IN ('approved', 'rejected'))`);
    await knex.raw('CREATE INDEX deposit_claims_txid ON deposit_claims (txid_key)');
    await knex.raw(
      'CREATE INDEX chain_transfers_unclaimed ON chain_transfers (observed_at) WHERE claimed_by IS NULL',
    );
    await knex.raw(
      `CREATE INDEX chain_transfers_assignment ON chain_transfers (claimed_by) WHERE claimed_by_kind = 'assignment'`,
    );
  },
};
