// A local chains process of a suite's own (scripts/chain/local-chains.ts, decision 0083), for tests that fault,
// pause or reorganise a chain without touching the stack's. Compiled contracts are kept in the system's temporary
// directory between runs, keyed by their sources, so only the first start on a machine compiles.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import { LocalChainsClient, type LocalChainsSummary } from '../../scripts/chain/client.ts';

export interface RunningLocalChains {
  summary: LocalChainsSummary;
  client: LocalChainsClient;
  pid: number;
  /** SIGTERM, and SIGKILL if it has not stopped 10 s later. */
  stop: () => Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../..');

/** Starts local chains on a free port with `env` added (LOCAL_CHAIN_BLOCK_MS, LOCAL_TRON_API_KEY, …). */
export async function startLocalChains(
  env: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<RunningLocalChains> {
  const port = await getPort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/chain/local-chains.ts'], {
    cwd: root,
    env: {
      ...process.env,
      LOCAL_CHAINS_PORT: String(port),
      LOCAL_CHAINS_CACHE_DIR: path.join(os.tmpdir(), 'cropvest-chain-cache'),
      LOCAL_CHAINS_FILE: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`local chains exited with code ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`local chains were not ready after ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const client = new LocalChainsClient(`${base}/control`);
  return { summary: await client.info(), client, pid: child.pid as number, stop };
}
