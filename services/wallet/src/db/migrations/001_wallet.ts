import type { Migration } from '@cropvest/service-kit/db';

/** Accounts of the ledger (ARCHITECTURE.md section 4). User accounts never go below zero (a constraint). */
export const USER_ACCOUNT_KINDS = ['available', 'hold', 'invested'] as const;
export const PLATFORM_ACCOUNT_KINDS = [
  'deposits_inflow',
  'withdrawals_outflow',
  'interest_paid',
  'adjustments',
] as const;

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

export const walletSchema: Migration = {
  name: '001_wallet',
  up: async (knex) => {
    // One row per user: the per-user lock every movement takes first, and the version of its balances.
    await knex.schema.createTable('wallets', (t) => {
      t.uuid('user_id').primary();
      t.bigInteger('version').notNullable().defaultTo(0);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });

    await knex.schema.createTable('accounts', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').references('wallets.user_id');
      t.text('kind').notNullable();
      t.decimal('balance', 18, 8).notNullable().defaultTo(0);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw(`ALTER TABLE accounts
      ADD CONSTRAINT accounts_kind_check CHECK (
        (user_id IS NOT NULL AND kind IN (${list(USER_ACCOUNT_KINDS)})) OR (user_id IS NULL AND kind IN (${list(PLATFORM_ACCOUNT_KINDS)}))),
      ADD CONSTRAINT accounts_user_nonnegative CHECK (user_id IS NULL OR balance >= 0)`);
    await knex.raw(
      'CREATE UNIQUE INDEX accounts_user_kind ON accounts (user_id, kind) WHERE user_id IS NOT NULL',
    );
    await knex.raw('CREATE UNIQUE INDEX accounts_platform_kind ON accounts (kind) WHERE user_id IS NULL');
    for (const kind of PLATFORM_ACCOUNT_KINDS)
      await knex.raw(`INSERT INTO accounts (id, kind) VALUES (gen_random_uuid(), ?)`, [kind]);

    // A transfer moves `amount` from the debit account to the credit account; its key makes it happen once.
    await knex.schema.createTable('transfers', (t) => {
      t.uuid('id').primary();
      t.text('idempotency_key').notNullable().unique();
      t.text('kind').notNullable();
      t.uuid('debit_account_id').notNullable().references('accounts.id');
      t.uuid('credit_account_id').notNullable().references('accounts.id');
      t.decimal('amount', 18, 8).notNullable();
      t.uuid('user_id').notNullable();
      t.text('reference_id');
      t.text('memo');
      t.uuid('created_by');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['user_id', 'created_at']);
    });
    await knex.raw(`ALTER TABLE transfers
      ADD CONSTRAINT transfers_amount_positive CHECK (amount > 0),
      ADD CONSTRAINT transfers_distinct_accounts CHECK (debit_account_id <> credit_account_id),
      ADD CONSTRAINT transfers_kind_check CHECK (kind IN ('deposit', 'withdrawal_hold', 'withdrawal_settle', 'withdrawal_release', 'investment', 'harvest_principal', 'harvest_interest', 'adjustment'))`);

    // Signed entries: the debit side negative, the credit side positive; each transfer's entries sum to zero.
    await knex.schema.createTable('ledger_entries', (t) => {
      t.bigIncrements('id');
      t.uuid('transfer_id').notNullable().references('transfers.id');
      t.uuid('account_id').notNullable().references('accounts.id');
      t.decimal('amount', 18, 8).notNullable();
      t.decimal('balance_after', 18, 8).notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['account_id', 'id']);
      t.index(['transfer_id']);
    });
    await knex.raw('ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_nonzero CHECK (amount <> 0)');

    // The ledger is append-only: no update, delete or truncate of transfers or entries, ever.
    await knex.raw(`CREATE FUNCTION ledger_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'ledger rows are immutable (% on %)', TG_OP, TG_TABLE_NAME; END $$`);
    for (const table of ['transfers', 'ledger_entries']) {
      await knex.raw(
        `CREATE TRIGGER ${table}_append_only BEFORE UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only()`,
      );
      await knex.raw(
        `CREATE TRIGGER ${table}_no_truncate BEFORE TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_append_only()`,
      );
    }
    // At commit, every transfer touched must have exactly its two entries, summing to zero.
    await knex.raw(`CREATE FUNCTION ledger_transfer_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE entry_count int; entry_sum numeric;
      BEGIN
        SELECT count(*), coalesce(sum(amount), 0) INTO entry_count, entry_sum FROM ledger_entries WHERE transfer_id = NEW.transfer_id;
        IF entry_count <> 2 OR entry_sum <> 0 THEN
          RAISE EXCEPTION 'transfer % is unbalanced (% entries, sum %)', NEW.transfer_id, entry_count, entry_sum;
        END IF;
        RETURN NULL;
      END $$`);
    await knex.raw(`CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transfer_balanced()`);

    await knex.schema.createTable('deposits', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable();
      t.decimal('amount', 18, 8).notNullable();
      t.text('txid');
      t.text('screenshot_url');
      t.text('status').notNullable().defaultTo('pending');
      t.uuid('approved_by');
      t.timestamp('approved_at', { useTz: true });
      t.uuid('reviewed_by');
      t.timestamp('reviewed_at', { useTz: true });
      t.text('rejection_reason');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['user_id', 'created_at']);
      t.index(['status', 'created_at']);
    });
    await knex.raw(`ALTER TABLE deposits
      ADD CONSTRAINT deposits_amount_min CHECK (amount >= 1),
      ADD CONSTRAINT deposits_status_check CHECK (status IN ('pending', 'approved', 'rejected')),
      ADD CONSTRAINT deposits_approval_recorded CHECK (status <> 'approved' OR (approved_by IS NOT NULL AND approved_at IS NOT NULL))`);
    // A transaction id can back one live claim only (a rejected claim frees it); compared case-insensitively.
    await knex.raw(
      `CREATE UNIQUE INDEX deposits_txid_claimed ON deposits (lower(txid)) WHERE txid IS NOT NULL AND status <> 'rejected'`,
    );
    // One uploaded proof backs one deposit.
    await knex.raw(
      'CREATE UNIQUE INDEX deposits_screenshot_once ON deposits (screenshot_url) WHERE screenshot_url IS NOT NULL',
    );

    await knex.schema.createTable('withdrawals', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable();
      t.decimal('amount', 18, 8).notNullable();
      t.text('wallet_address').notNullable();
      t.text('status').notNullable().defaultTo('pending');
      t.uuid('approved_by');
      t.timestamp('approved_at', { useTz: true });
      t.uuid('reviewed_by');
      t.timestamp('reviewed_at', { useTz: true });
      t.text('rejection_reason');
      t.text('txid');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['user_id', 'created_at']);
      t.index(['status', 'created_at']);
    });
    await knex.raw(`ALTER TABLE withdrawals
      ADD CONSTRAINT withdrawals_amount_min CHECK (amount >= 1),
      ADD CONSTRAINT withdrawals_status_check CHECK (status IN ('pending', 'approved', 'rejected'))`);

    await knex.schema.createTable('wallet_settings', (t) => {
      t.uuid('id').primary();
      t.boolean('singleton').notNullable().defaultTo(true).unique();
      t.text('usdt_wallet_address').notNullable();
      t.text('network_type').notNullable().defaultTo('TRC20');
      t.boolean('is_active').notNullable().defaultTo(true);
      t.uuid('updated_by');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw(`ALTER TABLE wallet_settings
      ADD CONSTRAINT wallet_settings_singleton CHECK (singleton),
      ADD CONSTRAINT wallet_settings_network CHECK (network_type IN ('TRC20', 'ERC20', 'BEP20'))`);

    // Projections fed by events (no service reads another's tables).
    await knex.schema.createTable('user_directory', (t) => {
      t.uuid('user_id').primary();
      t.text('name').notNullable();
      t.text('email').notNullable();
      t.text('role').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.schema.createTable('kyc_statuses', (t) => {
      t.uuid('user_id').primary();
      t.uuid('kyc_id').notNullable();
      t.text('status').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.schema.createTable('settings_projection', (t) => {
      t.text('key').primary();
      t.jsonb('value').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
};
