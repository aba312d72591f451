// `npm run db:backup` and `npm run db:restore` (docs/decisions/0090-local-backups.md) on a PostgreSQL of their own,
// started by the stack's own startPostgres (WAL archiving as `npm start` sets it): a backup, deposits credited by the
// wallet's ledger functions before and after a noted moment, a restore to that moment, then the ledger check passes
// and exactly the deposits before the moment exist.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import { serviceEvents } from '@cropvest/service-kit/bus';
import { createDatabase, migrate, type Knex } from '@cropvest/service-kit/db';
import { busMigrations } from '../../packages/service-kit/src/bus/outbox.ts';
import { migrations as walletMigrations } from '../../services/wallet/src/db/migrations/index.ts';
import { moveMoney } from '../../services/wallet/src/app/movements.ts';
import { checkLedger } from '../../services/wallet/src/app/ledger-check.ts';
import { localDatabaseUrl, startPostgres, type Running } from '../../scripts/stack/infra.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cropvest-pitr-'));
const userId = randomUUID();
/**
 * About 9 s of CPU (four tsx processes, an initdb, four PostgreSQL starts, a recovery) and 20 s in all; with the two
 * cores shared by several other test stacks (load average 27) the test alone took 52 s, near jest's 60 s default.
 */
const SLOW_MACHINE_MS = 120_000;
let port: number;
let server: Running | undefined;
let db: Knex | undefined;

interface Finished {
  code: number;
  stdout: string;
  stderr: string;
}

/** A repository script run as an operator runs it, on this test's DATA_DIR. */
const runScript = (script: string, args: string[]): Promise<Finished> =>
  new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', script, ...args],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });

const walletDb = (): Knex =>
  createDatabase({ url: localDatabaseUrl(port), schema: 'wallet', migrations: [], poolMax: 2 });

async function startDatabase(): Promise<Knex> {
  server = await startPostgres(dataDir, port);
  db = walletDb();
  return db;
}

async function stopDatabase(): Promise<void> {
  await db?.destroy();
  db = undefined;
  await server?.stop();
  server = undefined;
}

/** The wallet's events, written to its outbox as the service would (no relay runs here). */
const walletEvents = serviceEvents('wallet', () => undefined);

/** Credits a deposit to the investor's available balance through the wallet's one way of moving money. */
const credit = (database: Knex, key: string, amount: string) =>
  database.transaction((trx) =>
    moveMoney(walletEvents, trx, userId, [
      { key, kind: 'deposit', from: 'deposits_inflow', to: 'available', amount },
    ]),
  );

/**
 * A moment after every commit so far and before any later one: the server's clock rounded up to the next
 * millisecond (the `--to` text has milliseconds), waited past before anything more is written.
 */
async function momentAfterLastCommit(database: Knex): Promise<string> {
  const { rows } = await database.raw<{ rows: { now: Date }[] }>('SELECT clock_timestamp() AS now');
  const moment = new Date((rows[0] as { now: Date }).now.getTime() + 1).toISOString();
  for (;;) {
    const passed = await database.raw<{ rows: { passed: boolean }[] }>(
      'SELECT clock_timestamp() > ?::timestamptz AS passed',
      [moment],
    );
    if (passed.rows[0]?.passed) return moment;
  }
}

beforeAll(async () => {
  mkdirSync(path.join(dataDir, 'logs'), { recursive: true });
  port = await getPort();
  const database = await startDatabase();
  await migrate(database, 'wallet', [...busMigrations, ...walletMigrations]);
}, SLOW_MACHINE_MS);

afterAll(async () => {
  await stopDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('local backups and point-in-time recovery', () => {
  it('restores to a moment between two deposits: the ledger check passes and only the earlier ones exist', async () => {
    const database = db as Knex;
    await credit(database, 'deposit-before-backup', '250.00000000');
    const backup = await runScript('scripts/db-backup.ts', []);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/restorable to any moment from/);
    const backupDone = new Date();

    await credit(database, 'deposit-a', '100.00000000');
    const between = await momentAfterLastCommit(database);
    await credit(database, 'deposit-b', '40.00000000');

    // Refused, with the platform's PostgreSQL still running (the forms of --to: restore-target.unit.test.ts).
    const beforeAnyBackup = new Date(backupDone.getTime() - 3_600_000).toISOString();
    const [whileRunning, tooEarly] = await Promise.all(
      [between, beforeAnyBackup].map((to) => runScript('scripts/db-restore.ts', ['--to', to])),
    );
    expect(whileRunning).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/PostgreSQL is running .*Stop the platform first/s),
    });
    expect(tooEarly).toMatchObject({ code: 1, stderr: expect.stringMatching(/No backup finished before/) });
    expect(readdirSync(dataDir).filter((name) => name.startsWith('postgres.before-restore'))).toEqual([]);

    await stopDatabase();
    const restore = await runScript('scripts/db-restore.ts', ['--to', between]);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/WAL replayed from .* up to/);
    const [keptAside] = readdirSync(dataDir).filter((name) => name.startsWith('postgres.before-restore'));
    expect(keptAside).toBeDefined();
    expect(existsSync(path.join(dataDir, keptAside as string, 'PG_VERSION'))).toBe(true);

    const restored = await startDatabase();
    // What `npm run ledger:check` runs.
    const ledger = await checkLedger(restored);
    expect(ledger.problems).toEqual([]);
    expect(ledger.ok).toBe(true);
    const keys = await restored('transfers')
      .where({ user_id: userId })
      .orderBy('idempotency_key')
      .pluck('idempotency_key');
    expect(keys).toEqual(['deposit-a', 'deposit-before-backup']);
    const available = await restored('accounts')
      .where({ user_id: userId, kind: 'available' })
      .first<{ balance: string }>('balance');
    expect(available?.balance).toBe('350.00000000');
  });
});
