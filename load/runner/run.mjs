// A small k6-compatible runner, for checking the scripts where k6 is not installed: runs setup(), one iteration of
// the default function and teardown() of a script, with k6's built-in modules (./k6/) and globals, then prints one
// JSON line: its checks, its requests and the options it declared, with any problem in them.
//   node --import ./load/runner/register.mjs load/runner/run.mjs load/<script>.js
// It is no load generator: real runs use k6 (load/README.md).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { recorded } from './k6/state.js';

const EXECUTORS = new Set([
  'shared-iterations',
  'per-vu-iterations',
  'constant-vus',
  'ramping-vus',
  'constant-arrival-rate',
  'ramping-arrival-rate',
  'externally-controlled',
]);
/** A k6 threshold expression: an aggregation, a comparison and a number (`p(95)<200`, `rate<0.01`). */
const THRESHOLD =
  /^(avg|min|max|med|count|rate|value|p\(\d+(\.\d+)?\))\s*(<|<=|>|>=|==|===|!=)\s*\d+(\.\d+)?$/;

/** What k6 would refuse in the script's options. */
function optionProblems(options) {
  const problems = [];
  if (!options || typeof options !== 'object') return ['no exported options'];
  for (const [name, scenario] of Object.entries(options.scenarios ?? {}))
    if (!EXECUTORS.has(scenario.executor))
      problems.push(`scenario ${name}: unknown executor ${scenario.executor}`);
  const thresholds = Object.entries(options.thresholds ?? {});
  if (thresholds.length === 0) problems.push('no thresholds');
  for (const [metric, rules] of thresholds)
    for (const rule of Array.isArray(rules) ? rules : [rules]) {
      const expression = typeof rule === 'string' ? rule : rule.threshold;
      if (!THRESHOLD.test(expression)) problems.push(`threshold ${metric}: cannot read ${expression}`);
    }
  return problems;
}

const script = process.argv[2];
globalThis.__ENV = { ...process.env };
globalThis.__VU = 1;
globalThis.__ITER = 0;
let error;
let options;
try {
  const module = await import(pathToFileURL(path.resolve(script)).href);
  options = module.options;
  const data = module.setup ? await module.setup() : undefined;
  await module.default(data);
  if (module.teardown) await module.teardown(data);
} catch (thrown) {
  error = thrown instanceof Error ? thrown.stack : String(thrown);
}
process.stdout.write(
  `${JSON.stringify({ script, error, optionProblems: optionProblems(options), checks: recorded.checks, requests: recorded.requests })}\n`,
);
