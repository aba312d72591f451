// Lighthouse for the web benchmarks: a signed-in Chromium profile, one run of Lighthouse 12 against Debian's
// Chromium, and the median of several runs printed against the targets.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { notificationOperations } from '@cropvest/contracts/notify/api';

const root = path.resolve(import.meta.dirname, '../..');
export const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
  '--disable-quic',
];
/** The live notification stream as a URL pattern (it never ends, so the measured loads block it). */
export const NOTIFICATION_STREAM = `**${notificationOperations.notificationStream.path}*`;

/** The page's storage, inside functions Playwright runs in the browser (this file is typed for Node). */
declare const localStorage: { setItem(key: string, value: string): void };

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

/** A Chromium profile holding a session, for Lighthouse to open signed-in pages with. */
export async function signedInProfile(gatewayUrl: string, tokens: SessionTokens): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cropvest-lighthouse-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROME, args: BROWSER_ARGS });
  const page = await context.newPage();
  await page.goto(`${gatewayUrl}/login`);
  await page.evaluate((pair: SessionTokens) => {
    localStorage.setItem('accessToken', pair.accessToken);
    localStorage.setItem('refreshToken', pair.refreshToken);
  }, tokens);
  await context.close();
  return dir;
}

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  /**
   * Lighthouse's measure of the host's CPU (its `benchmarkIndex`; a mid-tier phone is about 1,000). The 4x slowdown
   * of a mobile run is applied to this host, so the same page scores lower on a slower or busier machine.
   */
  hostIndex: number;
}

export function lighthouse(
  url: string,
  formFactor: 'mobile' | 'desktop',
  profileDir?: string,
): LighthouseScores {
  const lhr = spawnSync(
    'npx',
    [
      'lighthouse',
      url,
      '--quiet',
      '--output=json',
      '--output-path=stdout',
      '--only-categories=performance,accessibility',
      ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
      // Signed in: the browser profile holds the session's tokens, and Lighthouse must not clear them.
      ...(profileDir ? ['--disable-storage-reset'] : []),
      // The open notification stream would keep Lighthouse waiting for a quiet network until its timeout.
      `--blocked-url-patterns=${NOTIFICATION_STREAM}`,
      `--chrome-flags=--headless=new --no-sandbox --disable-gpu${profileDir ? ` --user-data-dir=${profileDir}` : ''}`,
    ],
    {
      cwd: root,
      env: { ...process.env, CHROME_PATH: CHROME },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (lhr.status !== 0) throw new Error(`lighthouse failed on ${url}:\n${lhr.stderr}`);
  const report = JSON.parse(lhr.stdout) as {
    environment: { benchmarkIndex: number };
    categories: Record<string, { score: number }>;
    audits: Record<string, { numericValue?: number }>;
  };
  // BENCH_VERBOSE=1: the metrics behind the performance score, to see what to work on.
  if (process.env.BENCH_VERBOSE)
    console.log(
      `  ${formFactor} ${new URL(url).pathname}: ${[
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
        'speed-index',
      ]
        .map((id) => `${id} ${Math.round((report.audits[id]?.numericValue ?? 0) * 1000) / 1000}`)
        .join(', ')}`,
    );
  return {
    performance: Math.round((report.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((report.categories.accessibility?.score ?? 0) * 100),
    hostIndex: Math.round(report.environment.benchmarkIndex),
  };
}

export interface LighthousePage {
  path: string;
  /** A signed-in profile (signedInProfile); none for public pages. */
  profile?: string;
}

/** Issue 27's targets, for every page. */
const PERFORMANCE_TARGET = 95;
const ACCESSIBILITY_TARGET = 100;

/**
 * Prints, for mobile (Lighthouse's default: simulated slow 4G, a 4x slower CPU) and desktop, each page's
 * median performance and accessibility over BENCH_LIGHTHOUSE_RUNS runs (3 by default) against the targets.
 * One run moves by several points from run to run, so the median of a few is what
 * is judged (Lighthouse's own advice), with every run's score beside it, the machine's load first, and the
 * host's CPU index of each page's runs (scores from hosts of different speed do not compare).
 */
export function printLighthouse(gatewayUrl: string, pages: LighthousePage[]): void {
  console.log(
    `load average: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  for (const formFactor of ['mobile', 'desktop'] as const) {
    for (const page of pages) {
      const all = Array.from({ length: runs }, () =>
        lighthouse(`${gatewayUrl}${page.path}`, formFactor, page.profile),
      );
      const performance = median(all.map((s) => s.performance));
      const accessibility = median(all.map((s) => s.accessibility));
      console.log(
        `lighthouse ${formFactor.padEnd(7)} ${page.path.padEnd(18)} performance ${performance} [${all.map((s) => s.performance).join(', ')}] (target ≥ ${PERFORMANCE_TARGET}: ${performance >= PERFORMANCE_TARGET ? 'met' : 'MISSED'}), accessibility ${accessibility} (target ${ACCESSIBILITY_TARGET}: ${accessibility >= ACCESSIBILITY_TARGET ? 'met' : 'MISSED'}), host CPU index ${median(all.map((s) => s.hostIndex))}`,
      );
    }
  }
}
