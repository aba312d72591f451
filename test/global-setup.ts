// Boots the whole stack once for the integration suites, exactly as `npm start` does (scripts/stack.ts, compiled
// by scripts/build-stack.mjs when a source changed), with its own data directory and free ports, and hands the
// URLs to the tests through the environment.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

declare global {
  var __STACK__: { pid: number; dataDir: string } | undefined;
}

/** Low enough for a test to reach, high enough that no test trips it by accident (each uses its own IP). */
const AUTH_RATE_LIMIT = '30';

/** A busy machine boots the stack slowly; past this it is stopped and the run fails. */
const STARTUP_LIMIT_MS = 180_000;

const root = path.resolve(import.meta.dirname, '..');

/**
 * The stack runs compiled, as `npm start` runs it (docs/decisions/0131): under tsx each of its eleven Node processes
 * compiled its sources again at every boot, about 11 of a boot's 28 processor-seconds, and CI boots seven stacks
 * on two cores. Built only when a source changed since the last build (0.1 s when none did), so a suite still
 * runs what is in the tree.
 */
function buildStackIfStale(): void {
  const built = spawnSync(process.execPath, ['scripts/build-stack.mjs', '--if-stale'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`compiling the stack failed:\n${built.stdout}${built.stderr}`);
}

export default async function globalSetup(): Promise<void> {
  buildStackIfStale();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cropvest-test-'));
  const readyFile = path.join(dataDir, 'stack.json');
  const child = spawn(process.execPath, ['build/run/scripts/stack.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      STACK_PORTS: 'auto',
      STACK_READY_FILE: readyFile,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      // Tests use their own X-Forwarded-For per case, so rate limits and lock-outs do not leak between them: each
      // gateway plays the one trusted proxy hop (docs/decisions/0086-edge-behind-proxies.md).
      TRUSTED_PROXY_HOPS: '1',
      AUTH_RATE_LIMIT_PER_MINUTE: AUTH_RATE_LIMIT,
      SEED_DEMO_INVESTOR: 'true',
      // The chain service gives up on a hung endpoint quickly, and sends an unknown transaction to the admin queue
      // after 12 s instead of an hour, so the suites can watch both happen.
      CHAIN_REQUEST_TIMEOUT_MS: '1500',
      CHAIN_REQUEST_RETRIES: '1',
      CLAIM_NOT_FOUND_WINDOW_MINUTES: '0.2',
      // A transfer nobody claimed is listed for admins after 3 s instead of an hour; scans read 20 blocks a call, so
      // a catch-up over a few hundred blocks takes several pages (the scanner's suites stop it between two).
      UNMATCHED_AFTER_MINUTES: '0.05',
      CHAIN_SCAN_BLOCK_RANGE: '20',
      // Reserves are reconciled once at boot and then when a suite asks: a scheduled run that found a new shortfall
      // would audit it in the middle of a suite that compares the whole stored state (the bad-input suite).
      RECONCILE_INTERVAL_MINUTES: '1440',
      DATABASE_URL: '',
      NATS_URL: '',
      S3_ENDPOINT: '',
      PORT: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const deadline = Date.now() + STARTUP_LIMIT_MS;
  while (!existsSync(readyFile) || !output.includes('ready')) {
    if (child.exitCode !== null) throw new Error(`the test stack failed to start:\n${output}`);
    if (Date.now() > deadline) {
      // Stopped, not left behind: a stack that outlives its run holds a database, NATS and nine services.
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      throw new Error(`the test stack was not ready after ${STARTUP_LIMIT_MS / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const stack = JSON.parse(readFileSync(readyFile, 'utf8')) as Record<string, unknown>;
  process.env.STACK_FILE = readyFile;
  process.env.AUTH_RATE_LIMIT_PER_MINUTE = AUTH_RATE_LIMIT;
  process.env.GATEWAY_URL = stack.gatewayUrl as string;
  process.env.DATABASE_URL = stack.databaseUrl as string;
  process.env.NATS_URL = stack.natsUrl as string;
  // The test principal (packages/service-kit/src/bus/permissions.ts): the stack refuses anonymous clients.
  process.env.NATS_USER = stack.natsUser as string;
  process.env.NATS_PASSWORD = stack.natsPassword as string;
  process.env.S3_ENDPOINT = stack.s3Endpoint as string;
  globalThis.__STACK__ = { pid: child.pid as number, dataDir };
}
