import type { Migration } from '@cropvest/service-kit/db';
import { announceNetworks, requestOpenClaimChecks } from '../../events/announcements.ts';

/**
 * Deposits and payouts the chain verifies (docs/decisions/0080): each deposit names its network and keeps the
 * chain's verdict beside the spec's status, the amount the investor typed beside the one credited, and a four-eyes
 * first approval like withdrawals; each withdrawal keeps the verdict on its payout transaction. One transaction backs one live deposit on any network: the unique index moves to the hash
 * without `0x` in lower case. Wallet Settings holds one address per network instead of one in all.
 *
 * Deposits decided before, and payouts approved before, are `unchecked`; pending ones with a well-formed transaction id are handed to the chain
 * now, so nothing waiting is credited on a screenshot any more. The chain service learns the networks from the
 * snapshot announced here.
 */
export const chainVerification: Migration = {
  name: '008_chain_verification',
  up: async (knex, events) => {
    await knex.raw(`ALTER TABLE deposits
      ADD COLUMN network text NOT NULL DEFAULT 'TRC20',
      ADD COLUMN claimed_amount numeric(18,8),
      ADD COLUMN txid_key text,
      ADD COLUMN credited_by text,
      ADD COLUMN first_approved_by uuid,
      ADD COLUMN first_approved_at timestamptz,
      ADD COLUMN chain_status text NOT NULL DEFAULT 'no_txid',
      ADD COLUMN chain_reason text,
      ADD COLUMN chain_message text,
      ADD COLUMN chain_confirmations integer,
      ADD COLUMN chain_required_confirmations integer,
      ADD COLUMN chain_amount numeric(18,8),
      ADD COLUMN chain_checked_at timestamptz,
      ADD COLUMN chain_seq integer NOT NULL DEFAULT 0`);
    await knex.raw(`UPDATE deposits SET
      claimed_amount = amount,
      credited_by = CASE WHEN status = 'approved' THEN 'admin' END,
      txid_key = CASE WHEN txid ~* '^(0x)?[0-9a-f]{64}$' THEN lower(regexp_replace(txid, '^0x', '', 'i')) ELSE lower(txid) END,
      chain_status = CASE
        WHEN status <> 'pending' THEN 'unchecked'
        WHEN txid ~* '^(0x)?[0-9a-f]{64}$' THEN 'checking'
        WHEN txid IS NULL THEN 'no_txid'
        ELSE 'unchecked' END`);
    await knex.raw(`ALTER TABLE deposits
      ALTER COLUMN claimed_amount SET NOT NULL,
      ADD CONSTRAINT deposits_network CHECK (network IN ('TRC20', 'ERC20', 'BEP20')),
      ADD CONSTRAINT deposits_credited_by CHECK (credited_by IN ('chain', 'admin') AND status = 'approved' OR credited_by IS NULL AND status <> 'approved'),
      ADD CONSTRAINT deposits_chain_status CHECK (chain_status IN ('unchecked', 'no_txid', 'checking', 'confirming', 'not_found_yet', 'not_found', 'verified', 'refused')),
      ADD CONSTRAINT deposits_txid_key CHECK ((txid IS NULL) = (txid_key IS NULL))`);
    await knex.raw('DROP INDEX deposits_txid_claimed');
    await knex.raw(
      `CREATE UNIQUE INDEX deposits_txid_claimed ON deposits (txid_key) WHERE txid_key IS NOT NULL AND status <> 'rejected'`,
    );

    await knex.raw(`ALTER TABLE withdrawals
      ADD COLUMN chain_status text NOT NULL DEFAULT 'no_txid',
      ADD COLUMN chain_reason text,
      ADD COLUMN chain_message text,
      ADD COLUMN chain_confirmations integer,
      ADD COLUMN chain_required_confirmations integer,
      ADD COLUMN chain_checked_at timestamptz,
      ADD COLUMN chain_seq integer NOT NULL DEFAULT 0`);
    await knex.raw(`UPDATE withdrawals SET chain_status = 'unchecked' WHERE status = 'approved'`);
    await knex.raw(`ALTER TABLE withdrawals
      ADD CONSTRAINT withdrawals_chain_status CHECK (chain_status IN ('unchecked', 'no_txid', 'checking', 'confirming', 'not_found_yet', 'not_found', 'verified', 'mismatch'))`);

    await knex.raw(`ALTER TABLE wallet_settings DROP CONSTRAINT wallet_settings_singleton`);
    await knex.raw(`ALTER TABLE wallet_settings DROP COLUMN singleton`);
    await knex.raw(
      `ALTER TABLE wallet_settings ADD CONSTRAINT wallet_settings_one_per_network UNIQUE (network_type)`,
    );
    // Orders the networks snapshots the chain service receives: the newest version wins.
    await knex.raw('CREATE SEQUENCE networks_version');

    await knex.transaction(async (trx) => {
      await announceNetworks(events, trx);
      await requestOpenClaimChecks(events, trx);
    });
  },
};
