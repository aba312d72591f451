// Reconciliation runs as stored: one row per run, one per network (read, or unread with why) and one per platform
// address; the latest run, the status of the last decisive one, and the daily history, all summed in SQL.
import type { NetworkName } from '@cropvest/contracts/chain/networks';
import type { ReconciliationStatus, ReservesDay } from '@cropvest/contracts';
import type { Knex } from '@cropvest/service-kit/db';

export interface RunRow {
  id: string;
  trigger: 'schedule' | 'admin';
  admin_id: string | null;
  started_at: Date;
  finished_at: Date;
  status: ReconciliationStatus;
  reserves: string;
  available: string;
  held: string;
  invested: string;
  accrued_interest: string;
  liabilities: string;
  shortfall: string;
}

export interface NetworkRow {
  reconciliation_id: string;
  network: NetworkName;
  status: 'read' | 'unread';
  error: string | null;
  amount: string | null;
  /** int8, read as a number (block numbers stay far below 2^53). */
  final_block: number | null;
  usdt_contract: string;
  deposits_credited: string;
  withdrawals_paid: string;
  withdrawals_unverified: string;
}

export interface AddressRow {
  reconciliation_id: string;
  network: NetworkName;
  address: string;
  raw_amount: string | null;
  amount: string | null;
}

export interface StoredRun {
  run: RunRow;
  networks: NetworkRow[];
  addresses: AddressRow[];
}

export async function insertRun(
  trx: Knex.Transaction,
  { run, networks, addresses }: StoredRun,
): Promise<void> {
  await trx('reconciliations').insert(run);
  await trx('reconciliation_networks').insert(networks);
  if (addresses.length) await trx('reconciliation_addresses').insert(addresses);
}

/** A run with its networks and addresses. */
async function withDetails(db: Knex, run: RunRow | undefined): Promise<StoredRun | null> {
  if (!run) return null;
  const [networks, addresses] = await Promise.all([
    db<NetworkRow>('reconciliation_networks').where({ reconciliation_id: run.id }).orderBy('network'),
    db<AddressRow>('reconciliation_addresses')
      .where({ reconciliation_id: run.id })
      .orderBy(['network', 'address']),
  ]);
  return { run, networks, addresses };
}

export const latestRunRow = (db: Knex): Promise<RunRow | undefined> =>
  db<RunRow>('reconciliations').orderBy('started_at', 'desc').first();

export const latestRun = async (db: Knex): Promise<StoredRun | null> =>
  withDetails(db, await latestRunRow(db));

export const runById = async (db: Knex, id: string): Promise<StoredRun | null> =>
  withDetails(db, await db<RunRow>('reconciliations').where({ id }).first());

/** When the latest run started, whatever it found; null before the first. */
export async function lastRunStartedAt(db: Knex): Promise<Date | null> {
  const row = await db('reconciliations').max<{ at: Date | null }>('started_at as at').first();
  return row?.at ?? null;
}

/** The status of the latest run that was covered or short (incomplete runs decide nothing). */
export async function lastDecidedStatus(db: Knex): Promise<'covered' | 'short' | null> {
  const row = await db<RunRow>('reconciliations')
    .whereIn('status', ['covered', 'short'])
    .orderBy('started_at', 'desc')
    .first('status');
  return (row?.status as 'covered' | 'short' | undefined) ?? null;
}

/**
 * The last `days` UTC days (today included) that had runs, oldest first: each day's last run's reserves and
 * liabilities, and the largest shortfall of any of its runs. At most one row per day, whatever the runs.
 */
export async function dailyHistory(db: Knex, days: number): Promise<Omit<ReservesDay, 'coverage'>[]> {
  const { rows } = await db.raw<{ rows: Omit<ReservesDay, 'coverage'>[] }>(
    `WITH recent AS (
       SELECT (started_at AT TIME ZONE 'UTC')::date AS day, started_at, reserves, liabilities, shortfall
         FROM reconciliations
        WHERE started_at >= (now() AT TIME ZONE 'UTC')::date - (?::int - 1))
     SELECT to_char(last.day, 'YYYY-MM-DD') AS day, last.reserves::text AS reserves,
            last.liabilities::text AS liabilities, agg.worst::text AS "worstShortfall", agg.runs
       FROM (SELECT DISTINCT ON (day) day, reserves, liabilities FROM recent ORDER BY day, started_at DESC) last
       JOIN (SELECT day, max(shortfall) AS worst, count(*)::int AS runs FROM recent GROUP BY day) agg USING (day)
      ORDER BY last.day`,
    [days],
  );
  return rows;
}
