// `node --import ./load/runner/register.mjs`: `k6` and `k6/*` imports resolve to this runner's stand-ins.
import { register } from 'node:module';

register('./resolve-k6.mjs', import.meta.url);
