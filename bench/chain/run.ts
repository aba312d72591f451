// `npm run bench:chain`: every figure of the chain work (issue 23), one benchmark after the other so none shares the
// machine with another: claim to credit (claims.ts), the watcher's catch-up over 10,000 transfers (watcher.ts),
// reconciliation with 200,000 investors and the daily proof over 1,000,000 (reserves.ts), the tree alone
// (proof.ts) and one proof verified in Chromium (browser-verify.ts). Each prints its figures against its target;
// the run fails when any misses.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const BENCHMARKS = ['claims.ts', 'watcher.ts', 'reserves.ts', 'proof.ts', 'browser-verify.ts'];

const missed: string[] = [];
for (const file of BENCHMARKS) {
  console.log(`\n▶ bench/chain/${file}`);
  const started = Date.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, file)], {
    stdio: 'inherit',
  });
  console.log(`◀ bench/chain/${file}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (result.status !== 0) missed.push(file);
}
console.log(missed.length ? `\nmissed or failed: ${missed.join(', ')}` : '\nevery target met');
process.exitCode = missed.length ? 1 : 0;
