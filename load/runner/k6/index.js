// The `k6` module's functions the scripts use: check, group, sleep, fail.
import { recorded } from './state.js';

export function check(value, checks, tags = {}) {
  let passed = true;
  for (const [name, predicate] of Object.entries(checks)) {
    let ok;
    try {
      ok = Boolean(typeof predicate === 'function' ? predicate(value) : predicate);
    } catch (error) {
      ok = false;
      recorded.checks.push({ name, ok, tags, error: String(error) });
      passed = false;
      continue;
    }
    recorded.checks.push({ name, ok, tags });
    passed &&= ok;
  }
  return passed;
}

export function group(_name, body) {
  return body();
}

const pause = new Int32Array(new SharedArrayBuffer(4));
/** k6's sleep blocks the virtual user: so does this. */
export function sleep(seconds) {
  Atomics.wait(pause, 0, 0, seconds * 1000);
}

export function fail(message) {
  throw new Error(message);
}

export default { check, group, sleep, fail };
