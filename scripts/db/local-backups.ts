// What `npm run db:backup` and `npm run db:restore` share: where DATA_DIR keeps the embedded PostgreSQL, its WAL
// archive and its base backups, what a backup's manifest says, and whether the cluster is running
// (docs/decisions/0090-local-backups.md).
import {
  chownSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  type Stats,
} from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { postgresDirectories } from '../stack/infra.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

/** The same DATA_DIR `npm start` uses. */
export const dataDirectory = (): string => path.resolve(root, process.env.DATA_DIR ?? '.data');

export const directoriesOf = postgresDirectories;

/** `backup.json` in each backup's folder, written last: a folder without it is an unfinished backup. */
export const backupManifest = z.object({
  format: z.literal(1),
  label: z.string(),
  /** Before `pg_backup_start`, and once `pg_backup_stop` returned with the WAL it needs archived. */
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
  startLsn: z.string(),
  stopLsn: z.string(),
  timeline: z.number().int(),
  postgresVersion: z.string(),
  files: z.number().int(),
  bytes: z.number().int(),
});
export type BackupManifest = z.infer<typeof backupManifest>;
export const MANIFEST_FILE = 'backup.json';
/** The cluster's files inside a backup's folder. */
export const BACKUP_DATA = 'data';

export interface StoredBackup {
  directory: string;
  manifest: BackupManifest;
}

/** Every finished backup in DATA_DIR, oldest first. */
export function storedBackups(dataDir: string): StoredBackup[] {
  const { backupsDir } = directoriesOf(dataDir);
  if (!existsSync(backupsDir)) return [];
  return readdirSync(backupsDir)
    .map((name) => path.join(backupsDir, name))
    .filter((directory) => existsSync(path.join(directory, MANIFEST_FILE)))
    .map((directory) => ({
      directory,
      manifest: backupManifest.parse(JSON.parse(readFileSync(path.join(directory, MANIFEST_FILE), 'utf8'))),
    }))
    .sort((a, b) => a.manifest.finishedAt.localeCompare(b.manifest.finishedAt));
}

/** The running postmaster of a data directory (its pid file names a live process), with its port. */
export function runningPostgres(databaseDir: string): { pid: number; port: number } | undefined {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  // postmaster.pid: pid, data directory, start time, port, … (one a line).
  const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number.parseInt(pidLine ?? '', 10);
  const port = Number.parseInt(portLine ?? '', 10);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return undefined;
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  return { pid, port };
}

/**
 * Copies a directory tree, leaving out what `skip` names (paths relative to `from`, `/`-separated), and answers the
 * files and bytes copied. A file that goes away while it is copied (a running cluster drops relations and temporary
 * files) is left out: recovery replays the WAL that dropped it. With `owner`, everything copied is given to it.
 */
export function copyTree(
  from: string,
  to: string,
  skip: (relative: string, stats: Stats) => boolean,
  owner?: { uid: number; gid: number },
): { files: number; bytes: number } {
  const copied = { files: 0, bytes: 0 };
  const walk = (relative: string) => {
    const source = path.join(from, relative);
    let stats: Stats;
    try {
      stats = lstatSync(source);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if (relative && skip(relative.split(path.sep).join('/'), stats)) return;
    const target = path.join(to, relative);
    if (stats.isDirectory()) {
      mkdirSync(target, { recursive: true, mode: 0o700 });
      if (owner) chownSync(target, owner.uid, owner.gid);
      let names: string[];
      try {
        names = readdirSync(source);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const name of names) walk(path.join(relative, name));
      return;
    }
    if (!stats.isFile())
      throw new Error(`${source} is neither a file nor a directory; tablespaces are not used here`);
    try {
      copyFileSync(source, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if (owner) chownSync(target, owner.uid, owner.gid);
    copied.files += 1;
    copied.bytes += stats.size;
  };
  walk('');
  return copied;
}
