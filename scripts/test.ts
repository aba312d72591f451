// `npm test`: typecheck, lint, formatting, the rooms and the duplicate scan, then every jest suite (unit, then
// integration against the real stack), with the web journeys beside the last stages.
// Ends with one plain line `N passed, N failed` summed over every suite, which CI reads.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JOURNEY_SETS, type JourneySet } from '../e2e/journey-sets.ts';

const root = path.resolve(import.meta.dirname, '..');
const run = (label: string, command: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}) => {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...extraEnv },
  });
  // CI must stay under 20 minutes on 2 cores: each step's time shows where it goes.
  console.log(`◀ ${label}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return result.status ?? 1;
};

let passed = 0;
let failed = 0;
const problems: string[] = [];

/**
 * Runs independent checks at the same time (each is one single-threaded process, so two cores take two at once),
 * printing each one's output whole when it ends; answers the labels of those that failed.
 */
async function runTogether(checks: { label: string; command: string; args: string[] }[]): Promise<string[]> {
  console.log(`\n▶ ${checks.map(({ label }) => label).join(', ')} (together)`);
  const failed = await Promise.all(
    checks.map(
      ({ label, command, args }) =>
        new Promise<string | null>((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, env: process.env });
          let output = '';
          child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.on('close', (code) => {
            process.stdout.write(output);
            console.log(`◀ ${label}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
            resolve(code === 0 ? null : label);
          });
        }),
    ),
  );
  return failed.filter((label): label is string => label !== null);
}

problems.push(
  ...(await runTogether([
    ...['tsconfig.json', 'frontends/tsconfig.json', 'e2e/tsconfig.json'].map((project) => ({
      label: `typecheck ${project}`,
      command: 'npx',
      args: ['tsc', '-p', project, '--noEmit'],
    })),
    { label: 'lint', command: 'npx', args: ['eslint', '.', '--max-warnings', '0'] },
    // The rooms (who may import whom) and the duplicate-code scan, as `npm run lint` runs them.
    { label: 'rooms (npm run lint:rooms)', command: 'npm', args: ['run', '--silent', 'lint:rooms'] },
    {
      label: 'duplicates (npm run lint:duplicates)',
      command: 'npm',
      args: ['run', '--silent', 'lint:duplicates'],
    },
    {
      label: 'format (run npm run format)',
      command: 'npx',
      args: ['prettier', '--check', '.', '--log-level', 'warn'],
    },
  ])),
);

const reportDir = mkdtempSync(path.join(os.tmpdir(), 'cropvest-jest-'));
const jest = (label: string, name: string, args: string[]) => {
  const reportFile = path.join(reportDir, `${name}.json`);
  const status = run(label, process.execPath, [
    '--experimental-vm-modules',
    '--no-warnings=ExperimentalWarning',
    'node_modules/jest/bin/jest.js',
    '--json',
    `--outputFile=${reportFile}`,
    ...args,
  ]);
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numRuntimeErrorTestSuites: number;
    };
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    if (report.numRuntimeErrorTestSuites > 0)
      problems.push(`${report.numRuntimeErrorTestSuites} ${name} suite(s) failed to run`);
  } catch {
    problems.push(`${name}: jest wrote no report`);
  }
  if (status !== 0 && failed === 0) problems.push(`${name}: jest exited non-zero`);
};
const extra = process.argv.slice(2);
// Three workers on two cores: the integration suites spend most of their time waiting on the stack.
jest('jest: unit + integration', 'parallel', [
  '--selectProjects',
  'unit',
  'integration',
  '--maxWorkers=3',
  ...extra,
]);

interface PlaywrightSuite {
  title: string;
  specs?: { title: string; tests: { status: string }[] }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number };
  suites: PlaywrightSuite[];
}

/** "file › title" of every journey the JSON report marks flaky. */
function flakyTitles(report: PlaywrightReport): string[] {
  const walk = (suite: PlaywrightSuite, path: string[]): string[] => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === 'flaky'))
      .map((spec) => [...path, spec.title].join(' › ')),
    ...(suite.suites ?? []).flatMap((child) => walk(child, [...path, child.title])),
  ];
  return report.suites.flatMap((suite) => walk(suite, [suite.title]));
}

/**
 * Starts one half of the Playwright journeys (e2e/journey-sets.ts: headless Chromium against a stack of its own,
 * e2e/playwright.config.ts) in the background, its output kept in a file. Both halves run at once, while the
 * exclusive, tracing and replica suites run, each of which boots its own stack too, so none sees another's data and
 * the journeys' mostly idle waits overlap theirs: one file at a time on one stack took about 1,000 s, the long
 * pole of the run.
 */
function startJourneys(set: JourneySet) {
  const report = path.join(reportDir, `playwright-${set}.json`);
  const logFile = path.join(reportDir, `playwright-${set}.log`);
  const log = openSync(logFile, 'w');
  const started = Date.now();
  const child = spawn('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    cwd: root,
    env: { ...process.env, JOURNEY_SET: set, SKIP_WEB_BUILD: 'true', PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise<{ status: number; seconds: number }>((resolve) =>
    child.on('close', (code) => resolve({ status: code ?? 1, seconds: (Date.now() - started) / 1000 })),
  );
  return { set, report, logFile, exited };
}

/** Builds the web front ends once for both halves: two stacks building into the same folders at once would race. */
function buildWeb(): boolean {
  return (
    run(
      'build the web front ends for the journeys',
      process.execPath,
      ['frontends/build.mjs', '--if-stale'],
      {
        NODE_ENV: 'production',
        NODE_OPTIONS: '--no-deprecation',
      },
    ) === 0
  );
}

const runJourneys = !extra.length || process.env.RUN_E2E === 'true';
if (runJourneys && !buildWeb()) problems.push('building the web front ends failed');
const journeys = runJourneys && !problems.length ? JOURNEY_SETS.map((set) => startJourneys(set)) : [];

jest('jest: exclusive (platform-wide settings, one at a time)', 'exclusive', [
  '--selectProjects',
  'exclusive',
  '--runInBand',
  '--passWithNoTests',
  ...extra,
]);

jest('jest: one request traced across the gateway, services, NATS and PostgreSQL', 'tracing', [
  '-c',
  'jest.tracing.config.js',
  ...extra,
]);

jest('jest: two replicas of every service (money races, accrual, ledger check)', 'replicas', [
  '-c',
  'jest.replicas.config.js',
  '--passWithNoTests',
  ...extra,
]);

for (const half of journeys) {
  const { status, seconds } = await half.exited;
  console.log(`\n▶ playwright: web journeys, ${half.set} half (ran alongside the suites above)`);
  process.stdout.write(readFileSync(half.logFile, 'utf8'));
  console.log(`◀ playwright: web journeys, ${half.set} half: ${seconds.toFixed(0)} s`);
  try {
    const report = JSON.parse(readFileSync(half.report, 'utf8')) as PlaywrightReport;
    const { stats } = report;
    passed += stats.expected;
    // A journey that failed and then passed on its retry is a defect to fix, not a pass: it fails the run.
    failed += stats.unexpected + stats.flaky;
    if (stats.flaky)
      problems.push(`flaky journeys (failed, then passed on retry): ${flakyTitles(report).join('; ')}`);
    if (status !== 0 && stats.unexpected === 0)
      problems.push(`playwright (${half.set} half) exited non-zero`);
  } catch {
    problems.push(`playwright (${half.set} half) wrote no report`);
  }
}

if (problems.length) console.log(`\nproblems: ${problems.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(problems.length || failed ? 1 : 0);
