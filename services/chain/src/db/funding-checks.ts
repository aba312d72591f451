// Funding checks: the transaction a record of the platform's own money names, checked when due (db/checks.ts).
import type { FundingTransferKind } from '@cropvest/contracts';
import type { Knex } from '@cropvest/service-kit/db';
import type { CheckRow } from './checks.ts';

export interface FundingCheckRow extends CheckRow {
  record_id: string;
  record_kind: FundingTransferKind;
  plan_id: string | null;
  amount: string;
  status: 'checking' | 'confirming' | 'not_found_yet' | 'not_found' | 'verified' | 'mismatch';
  reason: string | null;
}

/** Records the transaction to check, due at once; a redelivered event finds it there and changes nothing. */
export async function recordFundingCheck(
  trx: Knex.Transaction,
  check: Pick<
    FundingCheckRow,
    'record_id' | 'record_kind' | 'plan_id' | 'network' | 'txid' | 'txid_key' | 'amount'
  >,
): Promise<void> {
  await trx('funding_checks').insert(check).onConflict('record_id').ignore();
}
