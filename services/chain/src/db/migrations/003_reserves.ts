import type { Migration } from '@cropvest/service-kit/db';

/**
 * Reconciliations and the proof of liabilities (docs/decisions/0082). Each run keeps what every network and address
 * held (a network that could not be read has no amount, never zero) beside what the ledger owed. Each proof build
 * keeps its root for ever; its tree, cut into chunks of nodes, and its leaves (who, where, how much, the secret
 * nonce) are kept for the last few builds only. Platform-wide sums are numeric(28,8): wider than one account's.
 */
export const reserves: Migration = {
  name: '003_reserves',
  up: async (knex) => {
    await knex.raw(`
      CREATE TABLE reconciliations (
        id uuid PRIMARY KEY,
        trigger text NOT NULL CHECK (trigger IN ('schedule', 'admin')),
        admin_id uuid,
        started_at timestamptz NOT NULL,
        finished_at timestamptz NOT NULL DEFAULT now(),
        status text NOT NULL CHECK (status IN ('covered', 'short', 'incomplete')),
        reserves numeric(28,8) NOT NULL,
        available numeric(28,8) NOT NULL,
        held numeric(28,8) NOT NULL,
        invested numeric(28,8) NOT NULL,
        accrued_interest numeric(28,8) NOT NULL,
        liabilities numeric(28,8) NOT NULL,
        shortfall numeric(28,8) NOT NULL,
        CONSTRAINT reconciliations_admin CHECK ((trigger = 'admin') = (admin_id IS NOT NULL)),
        CONSTRAINT reconciliations_total CHECK (liabilities = available + held + invested + accrued_interest)
      )`);
    await knex.raw('CREATE INDEX reconciliations_recent ON reconciliations (started_at DESC)');
    await knex.raw(`
      CREATE TABLE reconciliation_networks (
        reconciliation_id uuid NOT NULL REFERENCES reconciliations(id),
        network text NOT NULL CHECK (network IN ('TRC20', 'ERC20', 'BEP20')),
        status text NOT NULL CHECK (status IN ('read', 'unread')),
        error text,
        amount numeric(28,8),
        final_block bigint,
        usdt_contract text NOT NULL,
        deposits_credited numeric(28,8) NOT NULL,
        withdrawals_paid numeric(28,8) NOT NULL,
        withdrawals_unverified numeric(28,8) NOT NULL,
        PRIMARY KEY (reconciliation_id, network),
        CONSTRAINT reconciliation_networks_read CHECK ((status = 'read') = (amount IS NOT NULL))
      )`);
    await knex.raw(`
      CREATE TABLE reconciliation_addresses (
        reconciliation_id uuid NOT NULL,
        network text NOT NULL,
        address text NOT NULL,
        raw_amount numeric(78,0),
        amount numeric(28,8),
        PRIMARY KEY (reconciliation_id, network, address),
        FOREIGN KEY (reconciliation_id, network) REFERENCES reconciliation_networks (reconciliation_id, network)
      )`);

    await knex.raw(`
      CREATE TABLE proof_builds (
        id uuid PRIMARY KEY,
        trigger text NOT NULL CHECK (trigger IN ('schedule', 'admin')),
        admin_id uuid,
        started_at timestamptz NOT NULL,
        built_at timestamptz NOT NULL DEFAULT now(),
        leaf_count integer NOT NULL CHECK (leaf_count >= 0),
        root_hash text CHECK (root_hash ~ '^[0-9a-f]{64}$'),
        total numeric(28,8) NOT NULL,
        nodes_per_chunk integer NOT NULL CHECK (nodes_per_chunk > 0),
        reconciliation_id uuid REFERENCES reconciliations(id),
        -- Its chunks and leaves were deleted (older than the builds kept): its proofs can no longer be answered.
        pruned_at timestamptz,
        CONSTRAINT proof_builds_admin CHECK ((trigger = 'admin') = (admin_id IS NOT NULL)),
        CONSTRAINT proof_builds_root CHECK ((leaf_count = 0) = (root_hash IS NULL))
      )`);
    await knex.raw('CREATE INDEX proof_builds_recent ON proof_builds (built_at DESC)');
    await knex.raw(`
      CREATE TABLE proof_chunks (
        build_id uuid NOT NULL REFERENCES proof_builds(id),
        level smallint NOT NULL CHECK (level >= 0),
        chunk integer NOT NULL CHECK (chunk >= 0),
        bytes bytea NOT NULL,
        PRIMARY KEY (build_id, level, chunk)
      )`);
    // Out of line and uncompressed (hashes do not compress): a proof reads one 48-byte node of a chunk with
    // substring(), which then fetches only the part of the value that holds it.
    await knex.raw('ALTER TABLE proof_chunks ALTER COLUMN bytes SET STORAGE EXTERNAL');
    await knex.raw(`
      CREATE TABLE proof_leaves (
        build_id uuid NOT NULL REFERENCES proof_builds(id),
        user_id uuid NOT NULL,
        leaf_index integer NOT NULL CHECK (leaf_index >= 0),
        amount numeric(28,8) NOT NULL CHECK (amount > 0),
        nonce bytea NOT NULL CHECK (length(nonce) = 32),
        PRIMARY KEY (build_id, user_id)
      )`);
  },
};
