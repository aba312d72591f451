// `npm test`: typecheck, lint, formatting, the rooms and the duplicate scan, then two lanes at once, one per core
// (ESLint, the longest check, finishing beside them): the jest suites (unit and integration, exclusive, tracing,
// replicas) one after another in one, the web build and the journeys in the other, and whichever lane is free takes
// the next set of journeys.
// Ends with every step's time, every failure's first lines (decision 0132), then one plain line
// `N passed, N failed` summed over every suite, which CI reads.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { JOURNEY_SETS, type JourneySet } from '../e2e/journey-sets.ts';

const root = path.resolve(import.meta.dirname, '..');
const reportDir = mkdtempSync(path.join(os.tmpdir(), 'cropvest-jest-'));

/**
 * The processor time, in seconds, of every child process this one has waited for, the children's own children
 * included (Linux's cutime and cstime; 0 where /proc is missing). Read when a step ends, the growth is that step's
 * whole cost: the machine is the limit on CI, so each step prints what it took of it beside its wall time.
 */
function childrenCpuSeconds(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    // Fields 16 and 17 of stat(5), counted from the state (field 3) at index 0.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

/** The children's processor time already counted, by the steps that ended. */
let cpuBefore = childrenCpuSeconds();
const runStarted = Date.now();
/** Each ended step's line of time, repeated at the end of the run, where a CI log's tail shows them together. */
const stepTimes: string[] = [];
const secondsSince = (start: number) => ((Date.now() - start) / 1000).toFixed(0);

/**
 * Runs one step of a lane, its output kept whole and printed when it ends (the two lanes' output would otherwise
 * interleave line by line); answers its exit status. CI must stay under 20 minutes on 2 cores: each step's time
 * shows where it goes.
 */
function step(
  label: string,
  command: string,
  args: string[],
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<number> {
  const started = Date.now();
  const logFile = path.join(reportDir, `${label.replace(/\W+/g, '-')}.log`);
  const log = openSync(logFile, 'w');
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...extraEnv },
    stdio: ['ignore', log, log],
  });
  return new Promise((resolve) =>
    child.on('close', (code) => {
      const cpu = childrenCpuSeconds() - cpuBefore;
      cpuBefore += cpu;
      const time = `${label}: ${secondsSince(started)} s (processor ${cpu.toFixed(0)} s), ended at ${secondsSince(runStarted)} s`;
      stepTimes.push(time);
      console.log(`\n▶ ${label}`);
      process.stdout.write(readFileSync(logFile, 'utf8'));
      console.log(`◀ ${time}`);
      resolve(code ?? 1);
    }),
  );
}

let passed = 0;
let failed = 0;
const problems: string[] = [];
/**
 * Each failed test with the first lines of its error, printed again at the very end: a CI log is read from its
 * tail, where a failure in the first step's output would otherwise be cut off.
 */
const failures: string[] = [];
const flakyJourneys: string[] = [];
function recordFailure(title: string, error: string | undefined): void {
  const lines = stripVTControlCharacters(error ?? '(no error message)')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter(Boolean)
    .slice(0, 6);
  failures.push(`✘ ${title}\n${lines.map((line) => `    ${line}`).join('\n')}`);
}

/**
 * Runs independent checks at the same time (each is one single-threaded process, so two cores take two at once);
 * answers the labels of those that failed.
 */
async function runTogether(checks: { label: string; command: string; args: string[] }[]): Promise<string[]> {
  console.log(`\n${checks.map(({ label }) => label).join(', ')} (together)`);
  const failed = await Promise.all(
    checks.map(async ({ label, command, args }) => ((await step(label, command, args)) === 0 ? null : label)),
  );
  return failed.filter((label): label is string => label !== null);
}

/**
 * ESLint (type-aware) ends about 40 s after the other checks, which left one core idle: the lanes start without
 * waiting for it, and the run waits for it before its summary. At the lowest priority: the lanes are the run's
 * length, and beside them at equal priority ESLint slowed the unit and integration suites by about 40 s.
 */
const linted = step('lint', 'nice', ['-n', '19', 'npx', 'eslint', '.', '--max-warnings', '0']).then(
  (status) => (status === 0 ? null : 'lint'),
);

problems.push(
  ...(await runTogether([
    ...['tsconfig.json', 'frontends/tsconfig.json', 'e2e/tsconfig.json'].map((project) => ({
      label: `typecheck ${project}`,
      command: 'npx',
      args: ['tsc', '-p', project, '--noEmit'],
    })),
    // The rooms (who may import whom) and the duplicate-code scan, as `npm run lint` runs them.
    { label: 'rooms (npm run lint:rooms)', command: 'npm', args: ['run', '--silent', 'lint:rooms'] },
    {
      label: 'duplicates (npm run lint:duplicates)',
      command: 'npm',
      args: ['run', '--silent', 'lint:duplicates'],
    },
    // Every stack of the run starts these bundles (test/global-setup.ts); built here once, before two lanes would
    // each build them at once.
    {
      label: "compile the stack's processes (npm run build:stack)",
      command: process.execPath,
      args: ['scripts/build-stack.mjs', '--if-stale'],
    },
    {
      label: 'format (run npm run format)',
      command: 'npx',
      args: ['prettier', '--check', '.', '--log-level', 'warn'],
    },
  ])),
);

/** Runs one jest stage as a step, adding its report's counts to the run's. */
async function jest(label: string, name: string, args: string[]): Promise<void> {
  const reportFile = path.join(reportDir, `${name}.json`);
  const status = await step(label, process.execPath, [
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
      testResults: {
        name: string;
        message: string;
        assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
      }[];
    };
    for (const suite of report.testResults) {
      const file = path.relative(root, suite.name);
      const failedTests = suite.assertionResults.filter((test) => test.status === 'failed');
      for (const test of failedTests) recordFailure(`${file} › ${test.fullName}`, test.failureMessages[0]);
      if (!failedTests.length && suite.message) recordFailure(file, suite.message);
    }
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    if (report.numRuntimeErrorTestSuites > 0)
      problems.push(`${report.numRuntimeErrorTestSuites} ${name} suite(s) failed to run`);
    if (status !== 0 && report.numFailedTests === 0 && report.numRuntimeErrorTestSuites === 0)
      problems.push(`${name}: jest exited non-zero`);
  } catch {
    problems.push(`${name}: jest wrote no report`);
  }
}
const extra = process.argv.slice(2);

/** The jest suites, one stage after another, each on a stack of its own booted by its global setup. */
async function backEndSuites(): Promise<void> {
  // Three workers: the integration suites spend most of their time waiting on the stack.
  await jest('jest: unit + integration', 'parallel', [
    '--selectProjects',
    'unit',
    'integration',
    '--maxWorkers=3',
    ...extra,
  ]);
  await jest('jest: exclusive (platform-wide settings, one at a time)', 'exclusive', [
    '--selectProjects',
    'exclusive',
    '--runInBand',
    '--passWithNoTests',
    ...extra,
  ]);
  await jest('jest: one request traced across the gateway, services, NATS and PostgreSQL', 'tracing', [
    '-c',
    'jest.tracing.config.js',
    ...extra,
  ]);
  await jest('jest: two replicas of every service (money races, accrual, ledger check)', 'replicas', [
    '-c',
    'jest.replicas.config.js',
    '--passWithNoTests',
    ...extra,
  ]);
}

interface PlaywrightSuite {
  title: string;
  specs?: {
    title: string;
    tests: { status: string; results: { status: string; error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number };
  suites: PlaywrightSuite[];
}

/**
 * Records every journey the JSON report marks failed or flaky, with the error of its first failed attempt;
 * answers the flaky ones' "file › title".
 */
function recordJourneyFailures(report: PlaywrightReport): string[] {
  const flaky: string[] = [];
  const walk = (suite: PlaywrightSuite, titlePath: string[]): void => {
    for (const spec of suite.specs ?? []) {
      const title = [...titlePath, spec.title].join(' › ');
      for (const test of spec.tests.filter(({ status }) => status === 'flaky' || status === 'unexpected')) {
        if (test.status === 'flaky') flaky.push(title);
        const attempt = test.results.find(({ status }) => status !== 'passed' && status !== 'skipped');
        recordFailure(
          `${title}${test.status === 'flaky' ? ' (passed on retry)' : ''}`,
          attempt?.error?.message,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titlePath, child.title]);
  };
  for (const suite of report.suites) walk(suite, [suite.title]);
  return flaky;
}

/**
 * Runs one set of the Playwright journeys (e2e/journey-sets.ts: headless Chromium against a stack of its own,
 * e2e/playwright.config.ts) and adds its report's counts to the run's.
 */
async function journeys(set: JourneySet): Promise<void> {
  const report = path.join(reportDir, `playwright-${set}.json`);
  const status = await step(
    `playwright: web journeys, ${set} set`,
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    { JOURNEY_SET: set, SKIP_WEB_BUILD: 'true', PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  );
  try {
    const parsed = JSON.parse(readFileSync(report, 'utf8')) as PlaywrightReport;
    const { stats } = parsed;
    passed += stats.expected;
    // A journey that failed and then passed on its retry is a defect to fix, named with its first error at the end
    // of the run, but it does not fail the run: the check it makes held (docs/decisions/0132).
    passed += stats.flaky;
    failed += stats.unexpected;
    flakyJourneys.push(...recordJourneyFailures(parsed));
    if (status !== 0 && stats.unexpected === 0) problems.push(`playwright (${set} set) exited non-zero`);
  } catch {
    problems.push(`playwright (${set} set) wrote no report`);
  }
}

/** The journey sets not yet taken, in order: each lane that comes free takes the next. */
const journeyQueue: JourneySet[] = [];
async function takeJourneys(): Promise<void> {
  for (let set = journeyQueue.shift(); set; set = journeyQueue.shift()) await journeys(set);
}

/**
 * The journeys' lane: builds the web front ends once for every set (two stacks building into the same folders at
 * once would race), then takes journey sets while any are left.
 */
async function journeyLane(): Promise<void> {
  if (!journeyQueue.length) return;
  const built = await step(
    'build the web front ends for the journeys',
    process.execPath,
    ['frontends/build.mjs', '--if-stale'],
    { NODE_ENV: 'production', NODE_OPTIONS: '--no-deprecation' },
  );
  if (built !== 0) {
    problems.push('building the web front ends failed');
    journeyQueue.length = 0;
  }
  await takeJourneys();
}

const runJourneys = !extra.length || process.env.RUN_E2E === 'true';
if (runJourneys && !problems.length) journeyQueue.push(...JOURNEY_SETS);
// Two lanes for two cores, at most two stacks at once: with three, a starved journey missed its waits (stop 35).
await Promise.all([backEndSuites().then(takeJourneys), journeyLane()]);
const lintProblem = await linted;
if (lintProblem) problems.push(lintProblem);

console.log(`\nsteps:\n${stepTimes.map((time) => `  ${time}`).join('\n')}`);
if (failures.length) console.log(`\nfailed:\n${failures.join('\n')}`);
if (flakyJourneys.length)
  console.log(`\nflaky, to fix (failed, then passed on retry): ${flakyJourneys.join('; ')}`);
if (problems.length) console.log(`\nproblems: ${problems.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(problems.length || failed ? 1 : 0);
