// Builds the shell and every remote for production into frontends/<app>/dist (`npm run build:web`).
// With --if-stale it builds only when a dist is missing or older than any front-end source file, which is
// what `npm start` runs before booting the gateway.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rspack } from '@rspack/core';
import { prerenderConfig } from './rspack.common.mjs';

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
    // The shell's build ends with landing.html (prerenderLanding), so that is its newest file.
    const built = path.join(root, app, 'dist', app === 'shell' ? 'landing.html' : 'index.html');
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
  for (const [index, config] of configs.entries()) await compile(config, apps[index]);
  await prerenderLanding();
  // eslint-disable-next-line no-console -- the build reports what it built
  console.log(`built ${apps.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return apps;
}

async function compile(config, label) {
  const compiler = rspack(config);
  const stats = await new Promise((resolve, reject) =>
    compiler.run((error, result) => (error ? reject(error) : resolve(result))),
  );
  await new Promise((resolve) => compiler.close(resolve));
  if (stats.hasErrors())
    throw new Error(`building ${label} failed:\n${stats.toString({ all: false, errors: true })}`);
}

/**
 * Writes shell/dist/landing.html: the shell's page with the landing page's first screen already in it, which
 * the gateway serves for / (Lighthouse mobile counted the hero as painted only after the shell and the
 * landing remote had both loaded). Rebuilt whenever any app is.
 */
async function prerenderLanding() {
  const outputDir = mkdtempSync(path.join(os.tmpdir(), 'cropvest-prerender-'));
  try {
    const landing = path.join(root, 'landing');
    await compile(
      prerenderConfig({ name: 'landing', dir: landing, entry: './src/prerender.tsx', outputDir }),
      'the landing first screen',
    );
    const { renderFirstScreen } = await import(pathToFileURL(path.join(outputDir, 'prerender.mjs')).href);
    const markup = renderFirstScreen();
    // The Node build names assets as the landing build did; a mismatch would show a page without its images.
    for (const [, asset] of markup.matchAll(/\/remotes\/landing\/(assets\/[^")&]+)/g)) {
      if (!existsSync(path.join(landing, 'dist', asset)))
        throw new Error(`the landing first screen refers to ${asset}, which the landing build did not write`);
    }
    const shellPage = readFileSync(path.join(root, 'shell', 'dist', 'index.html'), 'utf8');
    const mount = '<div id="root"></div>';
    if (!shellPage.includes(mount)) throw new Error(`shell/dist/index.html has no ${mount}`);
    writeFileSync(
      path.join(root, 'shell', 'dist', 'landing.html'),
      // shell/src/first-screen.ts finds the first screen by this id and removes it.
      shellPage.replace(mount, `<div id="prerendered-landing">${markup}</div>${mount}`),
    );
  } finally {
    rmSync(outputDir, { recursive: true, force: true });
  }
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
