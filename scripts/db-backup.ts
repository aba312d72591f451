// `npm run db:backup`: a base backup of the embedded PostgreSQL of DATA_DIR into DATA_DIR/backups/<time>/, which with
// the archived WAL (DATA_DIR/wal-archive) lets `npm run db:restore` go back to any moment after it. Taken online
// with PostgreSQL's backup API (pg_backup_start, copy, pg_backup_stop): the embedded binaries have no pg_basebackup
// (docs/decisions/0090-local-backups.md). With the platform stopped, PostgreSQL is started for the backup alone.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import getPort from 'get-port';
import pg from 'pg';
import { localDatabaseUrl, startPostgres, type Running } from './stack/infra.ts';
import {
  BACKUP_DATA,
  MANIFEST_FILE,
  copyTree,
  dataDirectory,
  directoriesOf,
  runningPostgres,
  type BackupManifest,
} from './db/local-backups.ts';
import { OperatorError, runCommand } from './db/command.ts';

/**
 * What a base backup leaves out, as PostgreSQL's documentation lists it: the WAL (the archive holds it), the pid
 * file, and directories the server empties or rebuilds at start.
 */
const EMPTIED_AT_START = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const LEFT_OUT_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'recovery.signal',
  'standby.signal',
]);
const leftOut = (relative: string): boolean => {
  const parts = relative.split('/');
  const first = parts[0] as string;
  if (parts.length === 1 && LEFT_OUT_FILES.has(first)) return true;
  if (parts.length > 1 && EMPTIED_AT_START.has(first)) return true;
  return (parts.at(-1) as string).startsWith('pgsql_tmp');
};

runCommand(async () => {
  const dataDir = dataDirectory();
  const { databaseDir, backupsDir } = directoriesOf(dataDir);
  if (!existsSync(path.join(databaseDir, 'PG_VERSION')))
    throw new OperatorError(
      `There is no local database in ${databaseDir}: run \`npm start\` once first (or set DATA_DIR to where it is).`,
    );
  const running = runningPostgres(databaseDir);
  let started: Running | undefined;
  let port = running?.port;
  if (!port) {
    port = await getPort();
    mkdirSync(path.join(dataDir, 'logs'), { recursive: true });
    started = await startPostgres(dataDir, port);
  }
  const client = new pg.Client({ connectionString: localDatabaseUrl(port, 'postgres') });
  let folder: string | undefined;
  let finished = false;
  try {
    await client.connect();
    const archiving = await client.query<{ archive_mode: string }>('SHOW archive_mode');
    if (archiving.rows[0]?.archive_mode !== 'on')
      throw new OperatorError(
        'This PostgreSQL does not archive its WAL: it was started by an older `npm start`. Stop the platform and start it again, then back up.',
      );
    const startedAt = new Date();
    const label = `cropvest ${startedAt.toISOString()}`;
    folder = path.join(backupsDir, startedAt.toISOString().replaceAll(':', '-'));
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const begun = await client.query<{ lsn: string }>('SELECT pg_backup_start($1, true) AS lsn', [label]);
    const copied = copyTree(databaseDir, path.join(folder, BACKUP_DATA), leftOut);
    // Waits until the WAL from the start to the end of the copy is archived: the backup is usable once this returns.
    const ended = await client.query<{ lsn: string; labelfile: string }>(
      'SELECT lsn, labelfile FROM pg_backup_stop(true)',
    );
    const finishedAt = new Date();
    const labelFile = ended.rows[0]?.labelfile as string;
    writeFileSync(path.join(folder, BACKUP_DATA, 'backup_label'), labelFile);
    const version = await client.query<{ server_version: string }>('SHOW server_version');
    const manifest: BackupManifest = {
      format: 1,
      label,
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      startLsn: begun.rows[0]?.lsn as string,
      stopLsn: ended.rows[0]?.lsn as string,
      timeline: Number(/^START TIMELINE: (\d+)$/m.exec(labelFile)?.[1]),
      postgresVersion: version.rows[0]?.server_version as string,
      files: copied.files,
      bytes: copied.bytes,
    };
    // Written last and renamed into place: restore counts only backups whose manifest exists.
    writeFileSync(path.join(folder, `${MANIFEST_FILE}.tmp`), `${JSON.stringify(manifest, null, 2)}\n`);
    renameSync(path.join(folder, `${MANIFEST_FILE}.tmp`), path.join(folder, MANIFEST_FILE));
    finished = true;
    console.log(`backup ${folder}`);
    console.log(
      `  ${manifest.files} files, ${(manifest.bytes / 1024 / 1024).toFixed(1)} MiB, PostgreSQL ${manifest.postgresVersion}, WAL ${manifest.startLsn} to ${manifest.stopLsn} on timeline ${manifest.timeline}`,
    );
    console.log(`  restorable to any moment from ${manifest.finishedAt} (npm run db:restore -- --to TIME)`);
  } finally {
    // A backup cut short leaves nothing that looks like one.
    if (folder && !finished) rmSync(folder, { recursive: true, force: true });
    await client.end().catch(() => undefined);
    await started?.stop();
  }
});
