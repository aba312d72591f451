// `npm test`: typecheck, lint, formatting, then every jest suite (unit, then integration against the real stack).
// Ends with one plain line `N passed, N failed` summed over every suite, which CI reads.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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

for (const project of ['tsconfig.json', 'frontends/tsconfig.json', 'e2e/tsconfig.json'])
  if (run(`typecheck ${project}`, 'npx', ['tsc', '-p', project, '--noEmit']) !== 0)
    problems.push(`typecheck ${project}`);
if (run('lint', 'npx', ['eslint', '.', '--max-warnings', '0']) !== 0) problems.push('lint');
if (run('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']) !== 0)
  problems.push('format (run npm run format)');

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
jest('jest: unit + integration', 'parallel', ['--selectProjects', 'unit', 'integration', ...extra]);
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

// Playwright journeys in headless Chromium against their own stack (e2e/playwright.config.ts).
if (!extra.length || process.env.RUN_E2E === 'true') {
  const e2eReport = path.join(reportDir, 'playwright.json');
  const e2eStatus = run(
    'playwright: web journeys',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
  );
  try {
    const report = JSON.parse(readFileSync(e2eReport, 'utf8')) as PlaywrightReport;
    const { stats } = report;
    passed += stats.expected;
    // A journey that failed and then passed on its retry is a defect to fix, not a pass: it fails the run.
    failed += stats.unexpected + stats.flaky;
    if (stats.flaky)
      problems.push(`flaky journeys (failed, then passed on retry): ${flakyTitles(report).join('; ')}`);
    if (e2eStatus !== 0 && stats.unexpected === 0) problems.push('playwright exited non-zero');
  } catch {
    problems.push('playwright wrote no report');
  }
}

if (problems.length) console.log(`\nproblems: ${problems.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(problems.length || failed ? 1 : 0);
