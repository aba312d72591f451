// The statement section of `npm run bench:wallet`: one investor with BENCH_STATEMENT_ROWS (100,000) movements of
// their available balance over the last 290 days, seeded with set-based SQL into the wallet's own ledger (two
// balanced entries per transfer, running balances, cached balances moved, checked by the ledger's own commit
// trigger), then the whole year's statement streamed through the gateway as CSV (twice: a cold and a warm
// wallet) and once as PDF, while the wallet's resident memory is sampled from its /metrics.
import type pg from 'pg';
import { statementOperations } from '@cropvest/contracts/wallet/statement-api';
import type { StackFactories } from '../../test/support/factories.ts';
import { rawTransaction } from '../support/load.ts';
import type { BenchStack } from '../support/stack.ts';

export const STATEMENT_ROWS = Number(process.env.BENCH_STATEMENT_ROWS ?? 100_000);
const SAMPLE_EVERY_MS = 25;

export interface DownloadFigures {
  /** Movement rows (the CSV's header, opening and closing rows, or the PDF's pages, not counted). */
  rows: number;
  bytes: number;
  seconds: number;
  rowsPerSecond: number;
  /** Peak resident memory of the wallet during the download minus its resident memory just before, in MB. */
  rssGrowthMb: number;
  /** The closing balance a CSV ends with. */
  closing?: string;
}

export interface StatementBench {
  seedSeconds: number;
  cold: DownloadFigures;
  warm: DownloadFigures;
  pdf: DownloadFigures;
  liveBalance: string;
}

/** The wallet's resident set size in bytes, as its own Prometheus endpoint reports it. */
async function walletRss(metricsUrl: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  const match = /^process_resident_memory_bytes(?:\{[^}]*\})? (\d+)/m.exec(text);
  if (!match) throw new Error('the wallet does not report process_resident_memory_bytes');
  return Number(match[1]);
}

/**
 * Seeds `rows` movements for one user in one transaction: alternately a deposit of 2 (inflow -> available) and a
 * withdrawal hold of 1 (available -> hold), one every 250 seconds, ids in time order.
 */
async function seedMovements(sql: pg.Pool, userId: string, rows: number): Promise<void> {
  const committed = await rawTransaction(sql, async (client) => {
    await client.query('SET LOCAL search_path TO wallet');
    // The same lock order as every movement: the user's wallet row, then the accounts.
    await client.query('UPDATE wallets SET version = version + 1 WHERE user_id = $1', [userId]);
    const accounts = await client.query<{ id: string; kind: string; balance: string }>(
      `SELECT id, kind, balance::text AS balance FROM accounts
        WHERE user_id = $1 OR (user_id IS NULL AND kind = 'deposits_inflow') ORDER BY id FOR UPDATE`,
      [userId],
    );
    const account = (kind: string) => {
      const row = accounts.rows.find((a) => a.kind === kind);
      if (!row) throw new Error(`no ${kind} account`);
      return row;
    };
    const [available, hold, inflow] = [account('available'), account('hold'), account('deposits_inflow')];
    await client.query(
      `CREATE TEMP TABLE bench_movements ON COMMIT DROP AS
       WITH s AS (
         SELECT i, i % 2 = 0 AS deposit, gen_random_uuid() AS transfer_id,
                now() - interval '290 days' + i * interval '250 seconds' AS at
           FROM generate_series(0, $1::int - 1) AS i)
       SELECT i, deposit, transfer_id, at,
              CASE WHEN deposit THEN 2 ELSE -1 END::numeric AS delta,
              $2::numeric + sum(CASE WHEN deposit THEN 2 ELSE -1 END) OVER (ORDER BY i) AS available_after,
              CASE WHEN deposit
                   THEN $3::numeric - sum(CASE WHEN deposit THEN 2 ELSE 0 END) OVER (ORDER BY i)
                   ELSE $4::numeric + sum(CASE WHEN deposit THEN 0 ELSE 1 END) OVER (ORDER BY i) END AS other_after
         FROM s`,
      [rows, available.balance, inflow.balance, hold.balance],
    );
    await client.query(
      `INSERT INTO transfers (id, idempotency_key, kind, debit_account_id, credit_account_id, amount, user_id, reference_id, created_at)
       SELECT transfer_id, 'bench-statement:' || transfer_id, CASE WHEN deposit THEN 'deposit' ELSE 'withdrawal_hold' END,
              CASE WHEN deposit THEN $1::uuid ELSE $2::uuid END, CASE WHEN deposit THEN $2::uuid ELSE $3::uuid END,
              abs(delta), $4, gen_random_uuid()::text, at
         FROM bench_movements ORDER BY i`,
      [inflow.id, available.id, hold.id, userId],
    );
    // Entry ids follow the ORDER BY (the id default is taken as each sorted row is inserted): the user's entry
    // of each transfer, then its other side, as postTransfer writes them.
    await client.query(
      `INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after, created_at)
       SELECT m.transfer_id,
              CASE WHEN side = 0 THEN $1::uuid WHEN m.deposit THEN $2::uuid ELSE $3::uuid END,
              CASE WHEN side = 0 THEN m.delta ELSE -m.delta END,
              CASE WHEN side = 0 THEN m.available_after ELSE m.other_after END,
              m.at
         FROM bench_movements m CROSS JOIN generate_series(0, 1) AS side
        ORDER BY m.i, side`,
      [available.id, inflow.id, hold.id],
    );
    await client.query(
      `UPDATE accounts AS a SET balance = a.balance + v.delta
         FROM (SELECT $1::uuid AS id, sum(delta) AS delta FROM bench_movements
               UNION ALL SELECT $2::uuid, -sum(delta) FILTER (WHERE deposit) FROM bench_movements
               UNION ALL SELECT $3::uuid, -sum(delta) FILTER (WHERE NOT deposit) FROM bench_movements) AS v
        WHERE a.id = v.id`,
      [available.id, inflow.id, hold.id],
    );
    return true;
  });
  if (!committed) throw new Error('seeding the statement movements failed');
}

/**
 * Downloads the statement, reading the body as it arrives, while sampling the wallet's memory. A CSV counts its
 * own movement rows; a PDF is given the count of the same statement's CSV.
 */
async function timedDownload(
  stack: BenchStack,
  token: string,
  query: string,
  movements?: number,
): Promise<DownloadFigures> {
  const walletMetrics = stack.metrics.wallet as string;
  const before = await walletRss(walletMetrics);
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await walletRss(walletMetrics));
      await new Promise((r) => setTimeout(r, SAMPLE_EVERY_MS));
    }
  })();

  const started = performance.now();
  // Fetched as is, not through the client: the download is read as it streams, which is what is timed.
  const response = await fetch(`${stack.gatewayUrl}${statementOperations.statement.path}?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 200 || !response.body)
    throw new Error(`statement: ${response.status} ${await response.text()}`);
  const decoder = new TextDecoder();
  let lines = 0;
  let bytes = 0;
  let tail = '';
  for await (const chunk of response.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
    tail = (tail + decoder.decode(chunk, { stream: true })).slice(-200);
  }
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;

  // Besides the movements, a CSV has the header, opening and closing rows.
  const rows = movements ?? lines - 3;
  // The closing row leaves the realised-loss column empty (decision 0096): it ends in a comma.
  const closing = /Closing balance,,,([\d.]+),?\n?$/.exec(tail)?.[1];
  return {
    rows,
    bytes,
    seconds,
    rowsPerSecond: rows / seconds,
    rssGrowthMb: (peak - before) / 1024 / 1024,
    ...(closing ? { closing } : {}),
  };
}

export async function benchStatement(
  stack: BenchStack,
  sql: pg.Pool,
  factories: StackFactories,
): Promise<StatementBench> {
  // The investor's wallet and accounts come into being the ordinary way: one deposit, approved by the admin.
  const reader = await factories.investor('Statement Reader');
  await factories.fund(reader, '10');
  const token = reader.accessToken;
  const userId = reader.user.id;

  const seedStarted = performance.now();
  await seedMovements(sql, userId, STATEMENT_ROWS);
  await sql.query('ANALYZE wallet.ledger_entries, wallet.transfers');
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const range = `from=${yearAgo}&to=${today}`;
  const cold = await timedDownload(stack, token, `${range}&format=csv`);
  const warm = await timedDownload(stack, token, `${range}&format=csv`);
  const pdf = await timedDownload(stack, token, `${range}&format=pdf`, cold.rows);
  const live = await sql.query<{ balance: string }>(
    `SELECT balance::text AS balance FROM wallet.accounts WHERE user_id = $1 AND kind = 'available'`,
    [userId],
  );
  return { seedSeconds, cold, warm, pdf, liveBalance: live.rows[0]?.balance ?? 'none' };
}
