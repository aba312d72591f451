// The load side of a benchmark: the stack with a raw SQL pool beside it, and concurrent clients working
// through a fixed number of operations.
import pg from 'pg';
import { StackClient } from '../../test/support/client.ts';
import { LOAD_BENCH_ENV, startBenchStack, type BenchStack } from './stack.ts';

export interface LoadBench {
  stack: BenchStack;
  /** Straight to the stack's database, for the raw SQL baselines. */
  sql: pg.Pool;
  /** The shared typed client (test/support/client.ts) on the stack's gateway. */
  client: StackClient;
  /** Ends the pool, then stops the stack. */
  close: () => Promise<void>;
}

/** Starts the stack for a load benchmark, with a raw SQL pool of `rawPoolSize` connections. */
export async function startLoadBench(rawPoolSize: number): Promise<LoadBench> {
  const stack = await startBenchStack(LOAD_BENCH_ENV);
  const sql = new pg.Pool({ connectionString: stack.databaseUrl, max: rawPoolSize });
  // Idle clients are cut when the stack's database stops at the end; that is not a failure of the run.
  sql.on('error', () => undefined);
  return {
    stack,
    sql,
    client: new StackClient(stack.gatewayUrl),
    close: async () => {
      await sql.end();
      await stack.stop();
    },
  };
}

/**
 * Runs `work` in one transaction of the raw pool: committed when it answers true, rolled back when it answers
 * false or fails. Answers whether it committed.
 */
export async function rawTransaction(
  sql: pg.Pool,
  work: (client: pg.PoolClient) => Promise<boolean>,
): Promise<boolean> {
  const client = await sql.connect();
  try {
    await client.query('BEGIN');
    if (!(await work(client))) {
      await client.query('ROLLBACK');
      return false;
    }
    await client.query('COMMIT');
    return true;
  } catch {
    await client.query('ROLLBACK');
    return false;
  } finally {
    client.release();
  }
}

/**
 * Seeds straight into the services' tables in one transaction, with their triggers off (`session_replication_role
 * = replica`) unless `triggers` is true: committed when `work` ends, rolled back and rethrown when it fails.
 */
export async function seedRaw(
  sql: pg.Pool,
  work: (client: pg.PoolClient) => Promise<void>,
  { triggers = false }: { triggers?: boolean } = {},
): Promise<void> {
  const client = await sql.connect();
  try {
    await client.query('BEGIN');
    if (!triggers) await client.query('SET LOCAL session_replication_role = replica');
    await work(client);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

/** Fresh statistics and visibility maps for freshly seeded tables, so the planner sees them as they are. */
export async function vacuumAnalyze(sql: pg.Pool, tables: string[]): Promise<void> {
  for (const table of tables) await sql.query(`VACUUM ANALYZE ${table}`);
}

export interface DriveResult {
  /** Operations per second, failed ones included. */
  perSecond: number;
  /** Operations that succeeded per second. */
  succeededPerSecond: number;
  succeeded: number;
  failures: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
}

/** Runs `count` operations with `clients` concurrent workers; an operation answers whether it succeeded. */
export async function drive(
  count: number,
  clients: number,
  operation: (i: number) => Promise<boolean>,
): Promise<DriveResult> {
  let next = 0;
  let failures = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = next++; i < count; i = next++) {
        const t = performance.now();
        if (!(await operation(i))) failures++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return {
    perSecond: count / seconds,
    succeededPerSecond: (count - failures) / seconds,
    succeeded: count - failures,
    failures,
    p50: pct(0.5),
    p99: pct(0.99),
  };
}
