// Boots the platform for a benchmark exactly as `npm start` does (own data directory, free ports, quiet logs)
// and stops it afterwards; and the ways a benchmark talks to it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JetStreamClient } from '@nats-io/jetstream';
import type { ConnectionOptions } from '@nats-io/transport-node';
import { inboxPrefix } from '@cropvest/service-kit/bus';
import { createDatabase } from '@cropvest/service-kit/db';
import { checkLedger, type LedgerCheckResult } from '../../services/wallet/src/app/ledger-check.ts';
import type { LocalChainsSummary } from '../../scripts/chain/client.ts';
import { StackClient } from '../../test/support/client.ts';
import { StackFactories } from '../../test/support/factories.ts';

export interface BenchStack {
  gatewayUrl: string;
  databaseUrl: string;
  natsUrl: string;
  /** The test principal: a benchmark forges KYC approvals and watches events, like the tests. */
  natsUser: string;
  natsPassword: string;
  services: Record<string, string>;
  /** Each process's Prometheus endpoint (an internal port, not the gateway's). */
  metrics: Record<string, string>;
  adminEmail: string;
  adminPassword: string;
  investorEmail: string;
  investorPassword: string;
  /** The local chains the chain service watches (decision 0083). */
  localChains: LocalChainsSummary;
  stop: () => Promise<void>;
}

/**
 * What the load benchmarks add to a plain start: sign-in and registration are not rate-limited (they sign in and
 * register users as fast as they can), and the demo investor exists to sign in as.
 */
export const LOAD_BENCH_ENV = { AUTH_RATE_LIMIT_PER_MINUTE: '1000000', SEED_DEMO_INVESTOR: 'true' };

// A start may first build the web front ends (scripts/stack.ts does unless SKIP_WEB_BUILD), which takes a while.
const READY_TIMEOUT_S = 180;

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
  const deadline = Date.now() + READY_TIMEOUT_S * 1000;
  while (!existsSync(readyFile) || !output.includes('ready')) {
    if (child.exitCode !== null) throw new Error(`stack failed to start:\n${output}`);
    if (Date.now() > deadline) throw new Error(`stack not ready after ${READY_TIMEOUT_S} s`);
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

/** Options to reach the stack's NATS as the test principal (anonymous clients are refused). */
export const benchNatsOptions = (stack: Pick<BenchStack, 'natsUrl' | 'natsUser' | 'natsPassword'>) =>
  ({
    servers: stack.natsUrl.split(','),
    user: stack.natsUser,
    pass: stack.natsPassword,
    inboxPrefix: inboxPrefix(stack.natsUser),
  }) satisfies ConnectionOptions;

/** Signs in through the shared test client (test/support/client.ts); answers the access token. */
export async function signIn(gatewayUrl: string, email: string, password: string): Promise<string> {
  return (await new StackClient(gatewayUrl).signIn(email, password)).accessToken;
}

/**
 * The shared data factories (test/support/factories.ts) for a benchmark's stack, acting as the admin whose
 * access token is given: plans with their key information sheets (decision 0092), suitability answers
 * (decision 0094) with a net worth no benchmark purchase comes near, funded and verified investors.
 */
export const benchFactories = (gatewayUrl: string, adminToken: string): StackFactories =>
  new StackFactories(new StackClient(gatewayUrl), async () => ({ accessToken: adminToken }));

/** Approves a user's KYC by publishing `kyc.reviewed` as the KYC service would, without documents or review. */
export async function publishKycApproval(js: JetStreamClient, userId: string): Promise<void> {
  const eventId = randomUUID();
  await js.publish(
    'events.kyc.reviewed',
    JSON.stringify({
      id: eventId,
      type: 'kyc.reviewed',
      occurredAt: new Date().toISOString(),
      source: 'bench',
      actorId: null,
      subjectId: userId,
      data: { userId, kycId: randomUUID(), status: 'approved', rejectionReason: null },
      traceparent: null,
    }),
    { msgID: eventId },
  );
}

/** The wallet service's own ledger check, run on the stack's database once the load is over. */
export async function checkWalletLedger(databaseUrl: string): Promise<LedgerCheckResult> {
  const db = createDatabase({ url: databaseUrl, schema: 'wallet', migrations: [], poolMax: 2 });
  try {
    return await checkLedger(db);
  } finally {
    await db.destroy();
  }
}
