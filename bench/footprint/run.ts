// `npm run bench:footprint`: the idle stack's memory and how long `npm start` takes to be ready. Starts the stack
// exactly as a developer does (`npm start`, which builds what is stale first) on its own data directory and free
// ports, waits for `ready` and then for the stack to go idle, and reads every process of the tree from /proc:
// PSS (each shared page split between the processes sharing it, so the sum is what the stack really holds) and RSS,
// per kind of process, beside the 800 MB target (issue 28). `--cold` removes the compiled output (build/run) first,
// so the time includes the build a fresh clone does. Linux only (/proc/<pid>/smaps_rollup).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isNode, kindOf, processTree, TICKS_PER_SECOND } from '../support/processes.ts';

const TARGET_PSS_MB = 800;
const TARGET_READY_S = 20;
/** Idle: the whole tree used less than this share of one core over the last window. */
const IDLE_CPU_SHARE = 0.05;
const IDLE_WINDOW_MS = 3000;
const IDLE_LIMIT_MS = 90_000;
const READY_LIMIT_MS = 300_000;

const root = path.resolve(import.meta.dirname, '../..');
const cold = process.argv.includes('--cold');
/** PSS and RSS in kB, from the kernel's per-process summary of its mappings. */
function memoryOf(pid: number): { pssKb: number; rssKb: number } | undefined {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0);
    return { pssKb: field('Pss'), rssKb: field('Rss') };
  } catch {
    return undefined;
  }
}

const treeTicks = (rootPid: number) => processTree(rootPid).reduce((sum, info) => sum + info.cpuTicks, 0);

async function waitIdle(rootPid: number): Promise<number> {
  const started = Date.now();
  let before = treeTicks(rootPid);
  while (Date.now() - started < IDLE_LIMIT_MS) {
    await new Promise((r) => setTimeout(r, IDLE_WINDOW_MS));
    const now = treeTicks(rootPid);
    const share = (now - before) / TICKS_PER_SECOND / (IDLE_WINDOW_MS / 1000);
    before = now;
    if (share < IDLE_CPU_SHARE) return Date.now() - started;
  }
  console.warn(`the stack did not go idle within ${IDLE_LIMIT_MS / 1000} s; measuring it busy`);
  return Date.now() - started;
}

const mb = (kb: number) => kb / 1024;
const fixed = (value: number, digits = 1) => value.toFixed(digits);

if (cold) rmSync(path.join(root, 'build', 'run'), { recursive: true, force: true });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cropvest-footprint-'));
const startedAt = performance.now();
const npm = spawn('npm', ['start'], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, STACK_PORTS: 'auto', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));

async function stop(): Promise<void> {
  if (npm.exitCode !== null) return;
  const exited = new Promise((resolve) => npm.once('exit', resolve));
  // The launcher stops everything in order on SIGTERM; npm waits for it.
  const launcher = processTree(npm.pid as number).find((info) => kindOf(info) === 'stack');
  process.kill(launcher?.pid ?? (npm.pid as number), 'SIGTERM');
  await exited;
}

try {
  while (!/^ready$/m.test(output)) {
    if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}:\n${output}`);
    if (performance.now() - startedAt > READY_LIMIT_MS) throw new Error(`not ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const readySeconds = (performance.now() - startedAt) / 1000;
  const settledMs = await waitIdle(npm.pid as number);

  const byKind = new Map<string, { count: number; pssKb: number; rssKb: number }>();
  let nodeProcesses = 0;
  let esbuildHelpers = 0;
  let tsxProcesses = 0;
  for (const info of processTree(npm.pid as number)) {
    const memory = memoryOf(info.pid);
    if (!memory) continue;
    const kind = kindOf(info);
    if (isNode(info) || kind === 'npm') nodeProcesses++;
    if (kind === 'esbuild helper') esbuildHelpers++;
    if (info.cmdline.includes('tsx') || info.cmdline.some((arg) => arg.includes('/tsx/'))) tsxProcesses++;
    const sum = byKind.get(kind) ?? { count: 0, pssKb: 0, rssKb: 0 };
    byKind.set(kind, {
      count: sum.count + 1,
      pssKb: sum.pssKb + memory.pssKb,
      rssKb: sum.rssKb + memory.rssKb,
    });
  }
  const rows = [...byKind.entries()].sort(([, a], [, b]) => b.pssKb - a.pssKb);
  const total = rows.reduce(
    (sum, [, row]) => ({ pssKb: sum.pssKb + row.pssKb, rssKb: sum.rssKb + row.rssKb }),
    { pssKb: 0, rssKb: 0 },
  );
  console.log(`\nnpm start${cold ? ' (build output removed first)' : ''}`);
  console.log(
    `  ready after ${fixed(readySeconds)} s (target under ${TARGET_READY_S} s), idle ${fixed(settledMs / 1000)} s later`,
  );
  console.log(
    `\n  ${'process'.padEnd(16)} ${'count'.padStart(5)} ${'PSS MB'.padStart(8)} ${'RSS MB'.padStart(8)}`,
  );
  for (const [kind, row] of rows)
    console.log(
      `  ${kind.padEnd(16)} ${String(row.count).padStart(5)} ${fixed(mb(row.pssKb)).padStart(8)} ${fixed(mb(row.rssKb)).padStart(8)}`,
    );
  console.log(
    `  ${'total'.padEnd(16)} ${String(rows.reduce((n, [, row]) => n + row.count, 0)).padStart(5)} ${fixed(mb(total.pssKb)).padStart(8)} ${fixed(mb(total.rssKb)).padStart(8)}`,
  );
  console.log(
    `\n  PSS ${fixed(mb(total.pssKb))} MB against the ${TARGET_PSS_MB} MB target: ${mb(total.pssKb) < TARGET_PSS_MB ? 'met' : 'NOT met'}`,
  );
  console.log(`  RSS ${fixed(mb(total.rssKb))} MB (shared pages counted in every process)`);
  console.log(
    `  Node processes ${nodeProcesses}, esbuild helpers ${esbuildHelpers} (target 0), processes with tsx loaded ${tsxProcesses} (target 0)`,
  );
} finally {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}
