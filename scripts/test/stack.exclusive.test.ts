// `npm start` itself: boots everything, prints the URL, the accounts and `ready`; stops every process when the
// npm process gets SIGTERM; a second start on the same DATA_DIR keeps the data; a port in use is named with the
// variable that moves it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cropvest-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Started {
  child: ChildProcess;
  output: () => string;
  info: { gatewayUrl: string; services: Record<string, string>; natsUser?: string };
}

/** `npm start` as an operator types it (npm, its shell, the launcher), with this test's data directory. */
function npmStart(extraEnv: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      DATABASE_URL: '',
      NATS_URL: '',
      S3_ENDPOINT: '',
      PORT: '',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function start(): Promise<Started> {
  const readyFile = path.join(dataDir, 'ready.json');
  rmSync(readyFile, { force: true });
  const { child, output: read } = npmStart({ STACK_PORTS: 'auto', STACK_READY_FILE: readyFile });
  let output = '';
  const deadline = Date.now() + 120_000;
  while (!/^ready$/m.test((output = read()))) {
    if (child.exitCode !== null) throw new Error(`npm start failed:\n${output}`);
    if (Date.now() > deadline) throw new Error(`not ready after 120 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, output: read, info: JSON.parse(readFileSync(readyFile, 'utf8')) };
}

async function stop(started: Started): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => started.child.once('exit', (code) => resolve(code)));
  started.child.kill('SIGTERM');
  return exited;
}

/** Processes still running with this data directory anywhere on their command line or environment. */
function leftovers(): string[] {
  const found: string[] = [];
  for (const pid of readdirPids()) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
      if (cmdline.includes(dataDir) || environ.includes(`DATA_DIR=${dataDir}`))
        found.push(`${pid} ${cmdline.replace(/\0/g, ' ')}`);
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}
function readdirPids(): string[] {
  return readdirSync('/proc').filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid);
}

describe('npm start', () => {
  it('prints the URL, the accounts and ready; stops cleanly; a second start keeps the data', async () => {
    const first = await start();
    expect(first.output()).toContain(`CropVest is running at ${first.info.gatewayUrl}`);
    expect(first.output()).toMatch(/admin\s+admin@cropvest\.example \/ admin-dev-password/);
    expect(first.output()).toMatch(/investor\s+investor@cropvest\.example \/ investor-demo-1/);
    // One NATS user per process, passwords kept with the data (docs/decisions/0050-bus-permissions.md); the
    // test principal exists only under NODE_ENV=test.
    const credentialsFile = path.join(dataDir, 'nats', 'credentials.json');
    const credentials = readFileSync(credentialsFile, 'utf8');
    expect(statSync(credentialsFile).mode & 0o777).toBe(0o600);
    expect(Object.keys(JSON.parse(credentials) as object).sort()).toEqual([
      'chain',
      'gateway',
      'identity',
      'kyc',
      'notify',
      'plans',
      'support',
      'wallet',
    ]);
    expect(first.info.natsUser).toBeUndefined();

    const email = `keeper-${Date.now()}@example.com`;
    const registered = await fetch(`${first.info.gatewayUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Kept Across Restarts', email, password: 'secret-kept' }),
    });
    expect(registered.status).toBe(201);

    expect(await stop(first)).toBe(0);
    expect(first.output()).toContain('stopped');
    expect(leftovers()).toEqual([]);

    const second = await start();
    const signIn = await fetch(`${second.info.gatewayUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret-kept' }),
    });
    expect(signIn.status).toBe(200);
    expect(readFileSync(credentialsFile, 'utf8')).toBe(credentials);
    expect(await stop(second)).toBe(0);
    expect(leftovers()).toEqual([]);
  }, 300_000);

  it('names a port in use and the variable that moves it', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as { port: number };
    try {
      const started = npmStart({ PG_PORT: String(port), SKIP_WEB_BUILD: 'true' });
      const code = await new Promise<number | null>((resolve) => started.child.once('exit', resolve));
      expect(code).not.toBe(0);
      expect(started.output()).toContain(`Port ${port} (PostgreSQL) is already in use`);
      expect(started.output()).toContain('set PG_PORT to a free port');
      expect(started.output()).not.toContain('undefined');
      expect(leftovers()).toEqual([]);
    } finally {
      holder.close();
    }
  }, 120_000);
});
