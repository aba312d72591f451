// Builds the shell and every remote for production into frontends/<app>/dist (`npm run build:web`).
// With --if-stale it builds only when a dist is missing or older than any front-end source file, which is
// what `npm start` runs before booting the gateway.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';

export const APPS = ['landing', 'investor', 'admin', 'shell'];
const root = path.dirname(new URL(import.meta.url).pathname);

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'test', '.build-lock'].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export function staleApps() {
  const sources = newestSource(root);
  return APPS.filter((app) => {
    const built = path.join(root, app, 'dist', 'index.html');
    return !existsSync(built) || statSync(built).mtimeMs < sources;
  });
}

/** Several stacks may start at once (tests, developers): one build at a time, the others wait for it. */
async function withLock(work) {
  const lock = path.join(root, '.build-lock');
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const age = existsSync(lock) ? Date.now() - statSync(lock).mtimeMs : 0;
      if (age > 120_000 || Date.now() > deadline) rmSync(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export function buildWeb({ onlyIfStale = false } = {}) {
  return withLock(() => build(onlyIfStale));
}

async function build(onlyIfStale) {
  const apps = onlyIfStale ? staleApps() : APPS;
  if (!apps.length) return [];
  process.env.NODE_ENV ??= 'production';
  if (process.env.NODE_ENV === 'test') process.env.NODE_ENV = 'production';
  const configs = [];
  for (const app of apps) configs.push((await import(path.join(root, app, 'rspack.config.mjs'))).default);
  const started = Date.now();
  // One at a time keeps memory and CPU low on small machines.
  for (const [index, config] of configs.entries()) {
    const compiler = rspack(config);
    const stats = await new Promise((resolve, reject) =>
      compiler.run((error, result) => (error ? reject(error) : resolve(result))),
    );
    await new Promise((resolve) => compiler.close(resolve));
    if (stats.hasErrors())
      throw new Error(`building ${apps[index]} failed:\n${stats.toString({ all: false, errors: true })}`);
  }
  // eslint-disable-next-line no-console -- the build reports what it built
  console.log(`built ${apps.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return apps;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(root, 'build.mjs')) {
  buildWeb({ onlyIfStale: process.argv.includes('--if-stale') }).then(
    () => process.exit(0),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
