// Deposit claims: recorded when the wallet announces one, leased by a checker when due, judged, and closed when
// decided (by the chain, or by an admin in the wallet).
import type { NetworkName } from '@cropvest/contracts/networks';
import type { Knex } from '@cropvest/service-kit';

export interface ClaimRow {
  deposit_id: string;
  user_id: string;
  network: NetworkName;
  txid: string;
  txid_key: string;
  claimed_amount: string;
  status: 'checking' | 'confirming' | 'not_found_yet' | 'not_found' | 'verified' | 'refused';
  reason: string | null;
  message: string | null;
  confirmations: number | null;
  required_confirmations: number | null;
  seq: number;
  attempts: number;
  created_at: Date;
  next_check_at: Date | null;
  closed_at: Date | null;
}

/** Records a claim once (a redelivered `deposit.requested` finds it there), due at once. */
export async function insertClaim(
  trx: Knex.Transaction,
  claim: Pick<ClaimRow, 'deposit_id' | 'user_id' | 'network' | 'txid' | 'txid_key' | 'claimed_amount'>,
): Promise<void> {
  await trx('deposit_claims').insert(claim).onConflict('deposit_id').ignore();
}

/**
 * Takes up to `limit` due claims of `network` for `leaseMs`: their next check moves past the lease, so another
 * checker (another replica) leaves them alone while this one asks the chain, outside any transaction.
 */
export async function leaseDueClaims(db: Knex, network: NetworkName, limit: number, leaseMs: number): Promise<ClaimRow[]> {
  const { rows } = (await db.raw(
    `UPDATE deposit_claims SET next_check_at = now() + make_interval(secs => ?), attempts = attempts + 1
      WHERE deposit_id IN (
        SELECT deposit_id FROM deposit_claims
         WHERE network = ? AND next_check_at <= now()
         ORDER BY next_check_at LIMIT ? FOR UPDATE SKIP LOCKED)
      RETURNING *`,
    [leaseMs / 1000, network, limit],
  )) as { rows: ClaimRow[] };
  return rows;
}

export const lockClaim = (trx: Knex.Transaction, depositId: string): Promise<ClaimRow | undefined> =>
  trx<ClaimRow>('deposit_claims').where({ deposit_id: depositId }).forUpdate().first();

export async function updateClaim(trx: Knex.Transaction, depositId: string, changes: Record<string, unknown>): Promise<void> {
  await trx('deposit_claims').where({ deposit_id: depositId }).update(changes);
}

/** The wallet decided the deposit (an admin approved or rejected it): nothing more to check. */
export async function closeClaim(trx: Knex.Transaction, depositId: string): Promise<void> {
  await trx('deposit_claims')
    .where({ deposit_id: depositId })
    .whereNull('closed_at')
    .update({ closed_at: trx.fn.now(), next_check_at: null });
}

/** The earliest moment a claim of `network` is due, for the checker's timer; null when none waits. */
export async function nextDueAt(db: Knex, network: NetworkName): Promise<Date | null> {
  const row = await db('deposit_claims')
    .where({ network })
    .whereNotNull('next_check_at')
    .min<{ due: Date | null }>('next_check_at as due')
    .first();
  return row?.due ?? null;
}
