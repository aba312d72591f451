// `npm test`: typecheck, lint, then every jest suite (unit, then integration against the real stack).
// Ends with one plain line `N passed, N failed` summed over every suite, which CI reads.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (label: string, command: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}) => {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  return result.status ?? 1;
};

let passed = 0;
let failed = 0;
const problems: string[] = [];

if (run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']) !== 0) problems.push('typecheck');
if (run('lint', 'npx', ['eslint', '.', '--max-warnings', '0']) !== 0) problems.push('lint');

const reportFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'cropvest-jest-')), 'report.json');
const jestArgs = ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', 'node_modules/jest/bin/jest.js', '--json', `--outputFile=${reportFile}`, ...process.argv.slice(2)];
const jestStatus = run('jest (unit + integration)', process.execPath, jestArgs);
try {
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as { numPassedTests: number; numFailedTests: number; numRuntimeErrorTestSuites: number };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  if (report.numRuntimeErrorTestSuites > 0) problems.push(`${report.numRuntimeErrorTestSuites} jest suite(s) failed to run`);
} catch {
  problems.push('jest wrote no report');
}
if (jestStatus !== 0 && failed === 0) problems.push('jest exited non-zero');

if (problems.length) console.log(`\nproblems: ${problems.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(problems.length || failed ? 1 : 0);
