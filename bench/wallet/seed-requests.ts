// Seeds the admin desk's rows with SQL straight into the wallet's tables (its user directory, deposits and
// withdrawals), not through the API: the lists only read them. Approved rows have no ledger transfers, so the
// stack's ledger check would fail; a benchmark's stack is thrown away at the end.
import type pg from 'pg';
import { FIRST, LAST } from '../support/names.ts';

/**
 * `users` investors named from 10 × 10 words and a number (a surname matches a tenth of them, a full name one),
 * then `deposits` and `withdrawals` spread over them, a minute apart: a tenth pending, a tenth rejected, the
 * rest approved. Answers the seconds it took.
 */
export async function seedTransferRequests(
  sql: pg.Pool,
  counts: { users: number; deposits: number; withdrawals: number },
): Promise<number> {
  const started = performance.now();
  await sql.query(
    `INSERT INTO wallet.users (id, name, email, role, version_at)
     SELECT gen_random_uuid(),
            ($2::text[])[1 + i % 10] || ' ' || ($3::text[])[1 + (i / 10) % 10] || ' ' || i,
            lower(($2::text[])[1 + i % 10]) || '.' || i || '@bench.example', 'investor', now()
       FROM generate_series(1, $1::int) AS i`,
    [counts.users, FIRST, LAST],
  );
  // A deposit carries what the chain verification added (decision 0080): the amount typed, the transaction's key,
  // who credited an approved one; every seeded row is `unchecked`, so the chain service is never asked about it.
  const depositColumns = {
    names: 'claimed_amount, txid, txid_key, credited_by, chain_status',
    values: `s.amount, md5(i::text || 'tx'), md5(i::text || 'tx'),
             CASE WHEN s.status = 'approved' THEN 'admin' END, 'unchecked'`,
  };
  const withdrawalColumns = {
    names: 'wallet_address, chain_status',
    values: `'T' || substr(md5(i::text || 'addr'), 1, 33), CASE WHEN s.status = 'approved' THEN 'unchecked' ELSE 'no_txid' END`,
  };
  const seedRequests = async (table: 'deposits' | 'withdrawals', count: number) => {
    const columns = table === 'deposits' ? depositColumns : withdrawalColumns;
    return sql.query(
      `WITH numbered AS (SELECT id AS user_id, row_number() OVER () AS n FROM wallet.users)
       INSERT INTO wallet.${table} (id, user_id, amount, ${columns.names}, status, approved_by, approved_at, created_at)
       SELECT gen_random_uuid(), u.user_id, s.amount, ${columns.values},
              s.status,
              CASE WHEN s.status = 'approved' THEN gen_random_uuid() END,
              CASE WHEN s.status = 'approved' THEN now() END,
              now() - (i || ' minutes')::interval
         FROM generate_series(1, $1::int) AS i
         JOIN numbered u ON u.n = 1 + (i::bigint * 104729) % $2::int
         CROSS JOIN LATERAL (SELECT CASE WHEN i % 10 = 0 THEN 'pending'
                                         WHEN i % 10 = 1 THEN 'rejected' ELSE 'approved' END AS status,
                                    (1 + (i * 7919) % 5000)::numeric(18,8) AS amount) s`,
      [count, counts.users],
    );
  };
  await seedRequests('deposits', counts.deposits);
  await seedRequests('withdrawals', counts.withdrawals);
  await sql.query(`ANALYZE wallet.users; ANALYZE wallet.deposits; ANALYZE wallet.withdrawals`);
  return (performance.now() - started) / 1000;
}
