// The platform's whole stored state in one comparable value: every table of every service's schema, as its row
// count and a digest of its rows, plus the wallet's ledger check. Two equal snapshots mean nothing was written.
import { serviceDb } from './connections.ts';
import { ledgerCheck } from './wallet.ts';

export const SERVICE_SCHEMAS = ['identity', 'wallet', 'plans', 'kyc', 'support', 'notify'];

export interface StateSnapshot {
  /** `schema.table` → `<rows>:<md5 of the rows>`. */
  tables: Record<string, string>;
  /** The ledger check's verdict; null when the snapshot was taken without it (it is the slow part). */
  ledgerOk: boolean | null;
}

export async function snapshotState({ ledger = true }: { ledger?: boolean } = {}): Promise<StateSnapshot> {
  const db = serviceDb('identity');
  const { rows: tables } = (await db.raw(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE table_schema = ANY(?) AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
    [SERVICE_SCHEMAS],
  )) as { rows: { schema: string; name: string }[] };
  // One statement for every table: a snapshot is taken often, and round trips are what cost.
  const digests = tables.map(
    () =>
      `SELECT ?::text AS name, count(*)::int AS rows, md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) AS digest FROM ??.?? t`,
  );
  const { rows } = (await db.raw(
    digests.join(' UNION ALL '),
    tables.flatMap(({ schema, name }) => [`${schema}.${name}`, schema, name]),
  )) as { rows: { name: string; rows: number; digest: string }[] };
  const entries = rows.map((row) => [row.name, `${row.rows}:${row.digest}`] as const);
  return { tables: Object.fromEntries(entries), ledgerOk: ledger ? (await ledgerCheck()).ok : null };
}

/** The tables whose rows differ between two snapshots (and the ledger check, when its verdict changed). */
export function stateChanges(before: StateSnapshot, after: StateSnapshot): string[] {
  const names = new Set([...Object.keys(before.tables), ...Object.keys(after.tables)]);
  const changed = [...names].filter((name) => before.tables[name] !== after.tables[name]);
  const ledgerCompared = before.ledgerOk !== null && after.ledgerOk !== null;
  return ledgerCompared && before.ledgerOk !== after.ledgerOk ? [...changed, 'ledger check'] : changed;
}

/** Total rows over every table of a snapshot. */
export const rowCount = (snapshot: StateSnapshot): number =>
  Object.values(snapshot.tables).reduce((sum, entry) => sum + Number(entry.split(':')[0]), 0);
