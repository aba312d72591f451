import type { Migration } from '@cropvest/service-kit/db';
import { type Knex } from '@cropvest/service-kit/db';
import type { FundingTransferKind } from '@cropvest/contracts';

/** The records of platform money that may name an on-chain transfer, and their tables. */
export const FUNDING_TRANSFER_TABLES: Record<FundingTransferKind, string> = {
  disbursement: 'plan_disbursements',
  proceeds: 'plan_proceeds',
  reserve_contribution: 'reserve_contributions',
};

/**
 * What the chain says of each record's transaction (docs/decisions/0095-funding-transfers-on-chain.md): the latest
 * verdict, ordered by `chain_seq` so a late event never overwrites a newer one. A record without a transaction id is
 * `no_txid`. Records already holding one are sent to the chain service now, as new ones are when recorded.
 */
export const fundingChainChecks: Migration = {
  name: '014_funding_chain_checks',
  up: async (knex, events) => {
    for (const [kind, table] of Object.entries(FUNDING_TRANSFER_TABLES) as [FundingTransferKind, string][]) {
      await knex.raw(`
        ALTER TABLE ${table}
          ADD COLUMN chain_status text NOT NULL DEFAULT 'checking' CHECK (chain_status IN
            ('no_txid', 'checking', 'confirming', 'not_found_yet', 'not_found', 'verified', 'mismatch')),
          ADD COLUMN chain_reason text,
          ADD COLUMN chain_message text,
          ADD COLUMN chain_confirmations integer,
          ADD COLUMN chain_required_confirmations integer,
          ADD COLUMN chain_checked_at timestamptz,
          ADD COLUMN chain_seq integer NOT NULL DEFAULT 0`);
      await knex.raw(`UPDATE ${table} SET chain_status = 'no_txid' WHERE txid IS NULL`);
      await knex.raw(
        `ALTER TABLE ${table} ADD CONSTRAINT ${table}_chain_txid CHECK ((txid IS NULL) = (chain_status = 'no_txid'))`,
      );
      const recorded = await knex(table).whereNotNull('txid').select<
        {
          id: string;
          plan_id?: string;
          network: 'TRC20' | 'ERC20' | 'BEP20';
          txid: string;
          amount: string;
          created_by: string;
        }[]
      >('*');
      if (recorded.length > 0)
        await events.emitMany(
          knex as Knex.Transaction,
          'plan.funding_transfer_recorded',
          recorded.map((row) => ({
            data: {
              recordKind: kind,
              recordId: row.id,
              planId: row.plan_id ?? null,
              network: row.network,
              txid: row.txid,
              amount: row.amount,
            },
            meta: { actorId: row.created_by, subjectId: row.id, traceparent: null },
          })),
        );
    }
  },
};
