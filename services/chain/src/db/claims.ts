// Deposit claims: recorded when the wallet announces one, checked when due (db/checks.ts), closed when an admin
// decides the deposit in the wallet.
import type { Knex } from '@cropvest/service-kit/db';
import type { CheckRow } from './checks.ts';

export interface ClaimRow extends CheckRow {
  deposit_id: string;
  user_id: string;
  claimed_amount: string;
  status: 'checking' | 'confirming' | 'not_found_yet' | 'not_found' | 'verified' | 'refused';
  reason: string | null;
  closed_at: Date | null;
  /** How an admin decided the deposit: a rejected one no longer holds its transaction (decision 0084). */
  closed_as: 'approved' | 'rejected' | null;
}

/** Records a claim once (a redelivered `deposit.requested` finds it there), due at once. */
export async function insertClaim(
  trx: Knex.Transaction,
  claim: Pick<ClaimRow, 'deposit_id' | 'user_id' | 'network' | 'txid' | 'txid_key' | 'claimed_amount'>,
): Promise<void> {
  await trx('deposit_claims').insert(claim).onConflict('deposit_id').ignore();
}

/** The wallet decided the deposit (an admin approved or rejected it): nothing more to check. */
export async function closeClaim(
  trx: Knex.Transaction,
  depositId: string,
  decision: 'approved' | 'rejected',
): Promise<void> {
  await trx('deposit_claims')
    .where({ deposit_id: depositId })
    .whereNull('closed_at')
    .update({ closed_at: trx.fn.now(), closed_as: decision, next_check_at: null });
}
