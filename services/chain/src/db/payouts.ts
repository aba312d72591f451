// Payout checks: an approved withdrawal's transaction id, checked when due (db/checks.ts).
import type { Knex } from '@cropvest/service-kit/db';
import type { CheckRow } from './checks.ts';

export interface PayoutRow extends CheckRow {
  withdrawal_id: string;
  user_id: string;
  to_address: string;
  amount: string;
  status: 'checking' | 'confirming' | 'not_found_yet' | 'not_found' | 'verified' | 'mismatch';
  reason: string | null;
}

/**
 * Records the payout's transaction to check, due at once. A new transaction id for the same withdrawal replaces
 * the old one and starts over (the wallet lets an admin correct one the chain found wrong or never found); the
 * same id again (a redelivered event) changes nothing.
 */
export async function recordPayoutCheck(
  trx: Knex.Transaction,
  payout: Pick<
    PayoutRow,
    'withdrawal_id' | 'user_id' | 'network' | 'txid' | 'txid_key' | 'to_address' | 'amount'
  >,
): Promise<void> {
  await trx('payout_checks')
    .insert(payout)
    .onConflict('withdrawal_id')
    .merge({
      txid: payout.txid,
      txid_key: payout.txid_key,
      status: 'checking',
      reason: null,
      message: null,
      confirmations: null,
      required_confirmations: null,
      attempts: 0,
      created_at: trx.fn.now(),
      next_check_at: trx.fn.now(),
    })
    .whereNot('payout_checks.txid_key', payout.txid_key);
}
