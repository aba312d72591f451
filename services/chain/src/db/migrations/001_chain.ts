import type { Migration } from '@cropvest/service-kit/db';

/**
 * The chain service's own tables (docs/decisions/0080): the wallet's networks as it last announced them, the
 * deposit claims being verified, every USDT `Transfer` log the service has seen (unique per network, transaction
 * and log: a log credits at most once, whoever claims it), and each network's scan cursor.
 */
export const chainSchema: Migration = {
  name: '001_chain',
  up: async (knex) => {
    // A projection of `wallet.networks_changed` (a snapshot: the newest `version` replaces everything).
    await knex.schema.createTable('platform_networks', (t) => {
      t.text('network').primary();
      t.text('active_address');
      t.boolean('deposits').notNullable();
      t.boolean('withdrawals').notNullable();
      t.bigInteger('version').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    // Every address a network ever had: the platform holds them all (deposits to them count, reserves are theirs).
    await knex.schema.createTable('platform_addresses', (t) => {
      t.text('network').notNullable();
      t.text('address').notNullable();
      /** Lower case on EVM networks (addresses are compared so), as written on TRON (base58 is case-sensitive). */
      t.text('address_key').notNullable();
      t.timestamp('first_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['network', 'address_key']);
    });

    await knex.schema.createTable('deposit_claims', (t) => {
      t.uuid('deposit_id').primary();
      t.uuid('user_id').notNullable();
      t.text('network').notNullable();
      t.text('txid').notNullable();
      t.text('txid_key').notNullable();
      t.decimal('claimed_amount', 18, 8).notNullable();
      t.text('status').notNullable().defaultTo('checking');
      t.text('reason');
      t.text('message');
      t.integer('confirmations');
      t.integer('required_confirmations');
      /** What the transaction paid the platform: in base units, and credited (truncated to 8 decimals). */
      t.decimal('raw_amount', 78, 0);
      t.decimal('amount', 18, 8);
      /** Grows with every verdict announced, so the wallet never lets an older one overwrite a newer one. */
      t.integer('seq').notNullable().defaultTo(0);
      t.integer('attempts').notNullable().defaultTo(0);
      t.text('last_error');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('checked_at', { useTz: true });
      /** When a checker may look again; a checker leases a claim by moving this forward. Null: decided. */
      t.timestamp('next_check_at', { useTz: true }).defaultTo(knex.fn.now());
      /** An admin approved or rejected the deposit: the chain stops checking it. */
      t.timestamp('closed_at', { useTz: true });
    });
    await knex.raw(`ALTER TABLE deposit_claims
      ADD CONSTRAINT deposit_claims_network CHECK (network IN ('TRC20', 'ERC20', 'BEP20')),
      ADD CONSTRAINT deposit_claims_status CHECK (status IN ('checking', 'confirming', 'not_found_yet', 'not_found', 'verified', 'refused')),
      ADD CONSTRAINT deposit_claims_decided CHECK (status NOT IN ('verified', 'refused') OR next_check_at IS NULL)`);
    await knex.raw(
      'CREATE INDEX deposit_claims_due ON deposit_claims (network, next_check_at) WHERE next_check_at IS NOT NULL',
    );

    await knex.schema.createTable('chain_transfers', (t) => {
      t.uuid('id').primary();
      t.text('network').notNullable();
      t.text('txid').notNullable();
      t.text('txid_key').notNullable();
      t.integer('log_index').notNullable();
      t.text('contract').notNullable();
      t.text('from_address').notNullable();
      t.text('to_address').notNullable();
      t.decimal('raw_amount', 78, 0).notNullable();
      t.decimal('amount', 18, 8).notNullable();
      t.bigInteger('block_number').notNullable();
      t.timestamp('block_time', { useTz: true });
      t.timestamp('observed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      /** What it was credited or matched to: a deposit claim (later also an admin's assignment, a withdrawal). */
      t.text('claimed_by_kind');
      t.uuid('claimed_by');
      t.timestamp('claimed_at', { useTz: true });
      t.unique(['network', 'txid_key', 'log_index'], { indexName: 'chain_transfers_once' });
    });
    await knex.raw(`ALTER TABLE chain_transfers
      ADD CONSTRAINT chain_transfers_claim CHECK ((claimed_by IS NULL) = (claimed_by_kind IS NULL)),
      ADD CONSTRAINT chain_transfers_claim_kind CHECK (claimed_by_kind IN ('deposit', 'assignment', 'withdrawal'))`);

    await knex.schema.createTable('scan_cursors', (t) => {
      t.text('network').primary();
      t.jsonb('cursor').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
};
