// The transfers nobody claimed (docs/decisions/0084), one row per transaction: every recorded USDT log of it to a
// platform address is unclaimed, the scanner recorded it longer than the window ago, no live deposit claim names the
// transaction, and it moved at least the minimum deposit; or an assignment holds its logs for a second admin.
// Unclaimed logs are few beside all that were ever credited, so the list starts from their partial index.
import {
  MIN_TRANSFER_AMOUNT,
  type UnmatchedNetworkFilter,
  type UnmatchedTransferCounts,
} from '@cropvest/contracts';
import type { NetworkName } from '@cropvest/contracts/chain/networks';
import { containsPattern, pageOf, type Knex, type Page } from '@cropvest/service-kit/db';
import type { RecordedLog } from '../domain/unmatched.ts';

/**
 * A deposit claim that holds its transaction: being looked up, waiting, verified, or decided by an admin other than
 * by a rejection (an unknown decision, from before it was recorded, counts as holding: a transfer is never offered
 * twice).
 */
const LIVE_CLAIM = `d.status IN ('checking', 'confirming', 'not_found_yet', 'not_found', 'verified')
  AND d.closed_as IS DISTINCT FROM 'rejected'`;

export interface UnmatchedRow {
  network: NetworkName;
  txid: string;
  amount: string;
  log_count: number;
  senders: string[];
  recipients: string[];
  block_number: string;
  block_time: Date | null;
  observed_at: Date;
  assignment_id: string | null;
}

interface Filters {
  q?: string | undefined;
  network?: UnmatchedNetworkFilter;
}

/** The listed transactions matching the filters, as a subquery named `u`. */
function listed(db: Knex, filters: Filters, windowSeconds: number): Knex.QueryBuilder {
  const network = filters.network && filters.network !== 'all' ? filters.network : null;
  const pattern = filters.q ? containsPattern(filters.q) : null;
  const sql = `
    SELECT t.network, min(t.txid) AS txid, sum(t.amount) AS amount, count(*)::int AS log_count,
           array_agg(DISTINCT t.from_address) AS senders, array_agg(DISTINCT t.to_address) AS recipients,
           min(t.block_number)::text AS block_number, min(t.block_time) AS block_time,
           min(t.observed_at) AS observed_at, a.id AS assignment_id
      FROM (
        SELECT DISTINCT network, txid_key FROM chain_transfers
         WHERE claimed_by IS NULL AND observed_at <= now() - make_interval(secs => ?)
        UNION
        SELECT network, txid_key FROM transfer_assignments WHERE status = 'awaiting_second_approval'
      ) c
      JOIN chain_transfers t ON t.network = c.network AND t.txid_key = c.txid_key
      LEFT JOIN transfer_assignments a
        ON a.network = c.network AND a.txid_key = c.txid_key AND a.status = 'awaiting_second_approval'
     WHERE (?::text IS NULL OR t.network = ?)
     GROUP BY t.network, t.txid_key, a.id
    HAVING (a.id IS NOT NULL OR (
             bool_and(t.claimed_by IS NULL)
             AND NOT EXISTS (SELECT 1 FROM deposit_claims d WHERE d.txid_key = t.txid_key AND ${LIVE_CLAIM})
             AND sum(t.amount) >= ?))
       AND (?::text IS NULL OR bool_or(t.txid ILIKE ? ESCAPE '\\' OR t.from_address ILIKE ? ESCAPE '\\'))`;
  return db.from(
    db.raw(`(${sql}) AS u`, [
      windowSeconds,
      network,
      network,
      MIN_TRANSFER_AMOUNT,
      pattern,
      pattern,
      pattern,
    ]),
  );
}

/** One page, newest first (by block time, or when it was seen where a chain gave none). */
export const listUnmatched = (
  db: Knex,
  filters: Filters,
  page: { page: number; pageSize: number },
  windowSeconds: number,
): Promise<Page<UnmatchedRow>> =>
  pageOf<UnmatchedRow>(
    listed(db, filters, windowSeconds)
      .select('*')
      .orderByRaw('coalesce(block_time, observed_at) DESC, network, txid'),
    page,
  );

export async function countUnmatched(
  db: Knex,
  q: string | undefined,
  windowSeconds: number,
): Promise<UnmatchedTransferCounts> {
  const rows = await listed(db, { q }, windowSeconds)
    .select('network')
    .count<{ network: NetworkName; count: number; awaiting: number }[]>({
      count: '*',
      awaiting: 'assignment_id',
    })
    .groupBy('network');
  const counts: UnmatchedTransferCounts = { all: 0, TRC20: 0, ERC20: 0, BEP20: 0, awaitingSecondApproval: 0 };
  for (const row of rows) {
    counts[row.network] = Number(row.count);
    counts.all += Number(row.count);
    counts.awaitingSecondApproval += Number(row.awaiting);
  }
  return counts;
}

/**
 * The transaction's recorded logs, locked: a deposit claim that wants them (db/transfers.ts claimTransfers) waits,
 * then finds them held and is refused.
 */
export async function lockTransactionLogs(
  trx: Knex.Transaction,
  network: NetworkName,
  txidKey: string,
  windowSeconds: number,
): Promise<(RecordedLog & { txid: string })[]> {
  const { rows } = (await trx.raw(
    `SELECT txid, amount, claimed_by, observed_at <= now() - make_interval(secs => ?) AS unmatched_window_passed
       FROM chain_transfers WHERE network = ? AND txid_key = ? ORDER BY log_index FOR UPDATE`,
    [windowSeconds, network, txidKey],
  )) as { rows: (RecordedLog & { txid: string })[] };
  return rows;
}

export async function hasLiveClaim(trx: Knex.Transaction, txidKey: string): Promise<boolean> {
  const { rows } = (await trx.raw(
    `SELECT 1 FROM deposit_claims d WHERE d.txid_key = ? AND ${LIVE_CLAIM} LIMIT 1`,
    [txidKey],
  )) as { rows: unknown[] };
  return rows.length > 0;
}

/** The assignment takes the transaction's logs (they were checked unclaimed under their lock). */
export async function holdLogs(
  trx: Knex.Transaction,
  network: NetworkName,
  txidKey: string,
  assignmentId: string,
): Promise<void> {
  await trx('chain_transfers')
    .where({ network, txid_key: txidKey })
    .whereNull('claimed_by')
    .update({ claimed_by_kind: 'assignment', claimed_by: assignmentId, claimed_at: trx.fn.now() });
}

/** A rejected assignment lets go of the logs it held: the transfer is unmatched again. */
export async function releaseLogs(trx: Knex.Transaction, assignmentId: string): Promise<void> {
  await trx('chain_transfers')
    .where({ claimed_by_kind: 'assignment', claimed_by: assignmentId })
    .update({ claimed_by_kind: null, claimed_by: null, claimed_at: null });
}
