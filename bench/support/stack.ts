// Boots the platform for a benchmark exactly as `npm start` does (own data directory, free ports, quiet logs)
// and stops it afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface BenchStack {
  gatewayUrl: string;
  databaseUrl: string;
  natsUrl: string;
  services: Record<string, string>;
  adminEmail: string;
  adminPassword: string;
  investorEmail: string;
  investorPassword: string;
  stop: () => Promise<void>;
}

export async function startBenchStack(env: Record<string, string> = {}): Promise<BenchStack> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cropvest-bench-'));
  const readyFile = path.join(dataDir, 'stack.json');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/stack.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      STACK_PORTS: 'auto',
      STACK_READY_FILE: readyFile,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      SEED_DEMO_INVESTOR: 'true',
      DATABASE_URL: '',
      NATS_URL: '',
      S3_ENDPOINT: '',
      PORT: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 120_000;
  while (!existsSync(readyFile) || !output.includes('ready')) {
    if (child.exitCode !== null) throw new Error(`stack failed to start:\n${output}`);
    if (Date.now() > deadline) throw new Error('stack not ready after 120 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  const info = JSON.parse(readFileSync(readyFile, 'utf8')) as Omit<BenchStack, 'stop'>;
  return {
    ...info,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function signIn(gatewayUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${gatewayUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}
