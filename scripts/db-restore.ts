// `npm run db:restore -- --to TIMESTAMP`: point-in-time recovery of the embedded PostgreSQL of DATA_DIR, with the
// platform stopped. The latest base backup finished before TIMESTAMP is copied into DATA_DIR/postgres (the data
// directory there is moved aside, never deleted), and PostgreSQL replays the archived WAL up to TIMESTAMP, then
// promotes and stops (docs/decisions/0090-local-backups.md).
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import getPort from 'get-port';
import pg from 'pg';
import { localDatabaseUrl, shellQuoted, startPostgres } from './stack/infra.ts';
import {
  BACKUP_DATA,
  copyTree,
  dataDirectory,
  directoriesOf,
  runningPostgres,
  storedBackups,
} from './db/local-backups.ts';
import { OperatorError, runCommand } from './db/command.ts';
import { restoreTarget } from './db/restore-target.ts';

/** PostgreSQL's words when the archive ends before any transaction later than the target. */
const TARGET_NOT_REACHED = 'recovery ended before configured recovery target was reached';
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

runCommand(async () => {
  const target = restoreTarget(process.argv.slice(2), new Date());
  const dataDir = dataDirectory();
  const { databaseDir, walArchiveDir, backupsDir } = directoriesOf(dataDir);
  const backups = storedBackups(dataDir);
  const backup = backups.filter(({ manifest }) => new Date(manifest.finishedAt) <= target.at).at(-1);
  if (!backup)
    throw new OperatorError(
      backups[0]
        ? `No backup finished before ${target.text}: the earliest finished at ${backups[0].manifest.finishedAt}. ` +
            'A restore starts from a backup and replays the WAL after it; choose a later time.'
        : `There is no backup in ${backupsDir}: take one with \`npm run db:backup\` (a restore starts from one).`,
    );
  const running = runningPostgres(databaseDir);
  if (running)
    throw new OperatorError(
      `The platform's PostgreSQL is running (pid ${running.pid}, port ${running.port}). Stop the platform first ` +
        '(Ctrl-C where `npm start` runs), then restore: a restore replaces the data every service is using.',
    );
  if (!existsSync(walArchiveDir)) throw new OperatorError(`The WAL archive ${walArchiveDir} is missing.`);

  // The archive belongs to the server's user (as root, `postgres`): the restored files go to it too.
  const owner = statSync(walArchiveDir);
  const keptAside = existsSync(databaseDir)
    ? `${databaseDir}.before-restore-${new Date().toISOString().replaceAll(':', '-')}`
    : undefined;
  if (keptAside) renameSync(databaseDir, keptAside);

  const layDown = () => {
    rmSync(databaseDir, { recursive: true, force: true });
    copyTree(path.join(backup.directory, BACKUP_DATA), databaseDir, () => false, owner);
    chmodSync(databaseDir, 0o700);
    // WAL the old cluster wrote but had not archived yet (it stopped hard): replayed after the archive's, as
    // PostgreSQL's recovery procedure says.
    const oldWal = keptAside && path.join(keptAside, 'pg_wal');
    if (oldWal && existsSync(oldWal)) {
      const archived = new Set(readdirSync(walArchiveDir));
      for (const name of readdirSync(oldWal).filter((n) => WAL_SEGMENT.test(n) && !archived.has(n))) {
        copyFileSync(path.join(oldWal, name), path.join(databaseDir, 'pg_wal', name));
        chownSync(path.join(databaseDir, 'pg_wal', name), owner.uid, owner.gid);
      }
    }
    writeFileSync(path.join(databaseDir, 'recovery.signal'), '');
    chownSync(path.join(databaseDir, 'recovery.signal'), owner.uid, owner.gid);
  };
  const recover = async (settings: Record<string, string>) => {
    layDown();
    const logFile = path.join(dataDir, 'logs', 'postgres.log');
    mkdirSync(path.dirname(logFile), { recursive: true });
    const logStart = existsSync(logFile) ? statSync(logFile).size : 0;
    const port = await getPort();
    try {
      // Resolves once PostgreSQL accepts writes, that is once recovery has ended and it promoted.
      return {
        port,
        server: await startPostgres(dataDir, port, {
          restore_command: `cp ${shellQuoted(walArchiveDir)}/%f %p`,
          recovery_target_action: 'promote',
          ...settings,
        }),
      };
    } catch (error) {
      const log = readFileSync(logFile, 'utf8').slice(logStart);
      if (log.includes(TARGET_NOT_REACHED)) return undefined;
      throw new OperatorError(
        `PostgreSQL could not recover (${(error as Error).message}).` +
          (keptAside ? ` The data before the restore is untouched in ${keptAside}.` : ''),
      );
    }
  };

  // No transaction in the archive is later than the target: replaying all of it is the state at the target.
  let replayedAll = false;
  // PostgreSQL refuses a time zone abbreviation here, and `Z` is one: the moment goes as UTC with a numeric offset.
  let recovered = await recover({
    recovery_target_time: target.at.toISOString().replace('T', ' ').replace('Z', '+00'),
  });
  if (!recovered) {
    replayedAll = true;
    recovered = await recover({});
  }
  if (!recovered) throw new OperatorError('PostgreSQL could not replay the archive; see its log.');
  const client = new pg.Client({ connectionString: localDatabaseUrl(recovered.port, 'postgres') });
  let state: { inRecovery: boolean; lastTransaction: Date | null; timeline: number };
  try {
    await client.connect();
    const { rows } = await client.query<{
      in_recovery: boolean;
      last_transaction: Date | null;
      timeline: number;
    }>(
      // A WAL file's name begins with its timeline in eight hexadecimal digits.
      `SELECT pg_is_in_recovery() AS in_recovery, pg_last_xact_replay_timestamp() AS last_transaction,
         ('x' || left(pg_walfile_name(pg_current_wal_lsn()), 8))::bit(32)::int AS timeline`,
    );
    const row = rows[0] as (typeof rows)[number];
    state = { inRecovery: row.in_recovery, lastTransaction: row.last_transaction, timeline: row.timeline };
  } finally {
    await client.end().catch(() => undefined);
    await recovered.server.stop();
  }
  if (state.inRecovery) throw new OperatorError('PostgreSQL is still in recovery; see its log.');

  console.log(`restored ${databaseDir} to ${target.text}`);
  console.log(`  from the backup ${backup.directory} (finished ${backup.manifest.finishedAt})`);
  console.log(
    replayedAll
      ? `  the archive holds no transaction after ${target.text}: all of it was replayed`
      : `  WAL replayed from ${walArchiveDir} up to ${target.text}`,
  );
  console.log(
    `  last transaction replayed: ${state.lastTransaction ? state.lastTransaction.toISOString() : 'none after the backup'}`,
  );
  console.log(`  PostgreSQL promoted onto timeline ${state.timeline} and stopped`);
  if (keptAside)
    console.log(`  the data before the restore is kept in ${keptAside} (delete it once satisfied)`);
  console.log('  next: `npm run ledger:check` with the platform started (`npm start`)');
});
