// What deposit claims, payout checks and funding checks share: each is a row looked at again when due, leased by one checker at a
// time (replicas share the work through the lease), locked while its verdict is written.
import type { NetworkName } from '@cropvest/contracts/chain/networks';
import type { Knex } from '@cropvest/service-kit/db';

export type CheckTable = 'deposit_claims' | 'payout_checks' | 'funding_checks';
const KEY: Record<CheckTable, string> = {
  deposit_claims: 'deposit_id',
  payout_checks: 'withdrawal_id',
  funding_checks: 'record_id',
};

/** The columns every check table has. */
export interface CheckRow {
  network: NetworkName;
  txid: string;
  txid_key: string;
  message: string | null;
  confirmations: number | null;
  required_confirmations: number | null;
  seq: number;
  attempts: number;
  created_at: Date;
  next_check_at: Date | null;
}

/**
 * Takes up to `limit` due rows of `network` for `leaseMs`: their next check moves past the lease, so another
 * checker leaves them alone while this one asks the chain, outside any transaction.
 */
export async function leaseDue<Row extends CheckRow>(
  db: Knex,
  table: CheckTable,
  network: NetworkName,
  limit: number,
  leaseMs: number,
): Promise<Row[]> {
  const key = KEY[table];
  const { rows } = (await db.raw(
    `UPDATE ?? SET next_check_at = now() + make_interval(secs => ?), attempts = attempts + 1
      WHERE ?? IN (
        SELECT ?? FROM ?? WHERE network = ? AND next_check_at <= now()
         ORDER BY next_check_at LIMIT ? FOR UPDATE SKIP LOCKED)
      RETURNING *`,
    [table, leaseMs / 1000, key, key, table, network, limit],
  )) as { rows: Row[] };
  return rows;
}

export const lockCheck = <Row extends CheckRow>(
  trx: Knex.Transaction,
  table: CheckTable,
  id: string,
): Promise<Row | undefined> =>
  trx<Row>(table).where(KEY[table], id).forUpdate().first() as Promise<Row | undefined>;

export async function updateCheck(
  trx: Knex.Transaction,
  table: CheckTable,
  id: string,
  changes: Record<string, unknown>,
): Promise<void> {
  await trx(table).where(KEY[table], id).update(changes);
}

/** The earliest moment anything of `network` is due, for the checker's timer; null when nothing waits. */
export async function nextDueAt(db: Knex, network: NetworkName): Promise<Date | null> {
  const { rows } = (await db.raw(
    `SELECT least(
       (SELECT min(next_check_at) FROM deposit_claims WHERE network = ? AND next_check_at IS NOT NULL),
       (SELECT min(next_check_at) FROM payout_checks WHERE network = ? AND next_check_at IS NOT NULL),
       (SELECT min(next_check_at) FROM funding_checks WHERE network = ? AND next_check_at IS NOT NULL)) AS due`,
    [network, network, network],
  )) as { rows: { due: Date | null }[] };
  return rows[0]?.due ?? null;
}
