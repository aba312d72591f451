// Playwright journeys against the real stack, booted once by the same harness the integration suites use
// (test/global-setup.ts: embedded PostgreSQL, NATS, local S3, every service and the gateway on free ports).
// Browsers: Debian's headless shell of Chromium where installed, else its Chromium (CHROMIUM_PATH overrides);
// never `playwright install`.
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { journeyFiles, type JourneySet } from './journey-sets.ts';

/**
 * The headless shell renders with the same Blink as the browser, without the browser's own layers: the same
 * journeys took a third less of its processor, the largest share of CI's (`chromium-headless-shell`, .ci/run).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * `npm test` runs the journeys in three sets, each against a stack of its own (journey-sets.ts); unset, every
 * journey runs against one stack, as a developer runs them.
 */
const journeySet = process.env.JOURNEY_SET as JourneySet | undefined;
const setSuffix = journeySet ? `-${journeySet}` : '';

export default defineConfig({
  globalSetup: '../test/global-setup.ts',
  globalTeardown: '../test/global-teardown.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One file at a time against a stack: with two at once against the one stack on CI's 2 cores, timing races
  // appeared (a sign-in page load aborted, a check racing the logout it follows), and several journeys change what
  // the whole platform shows (settings, the deposit address, broadcasts, the audit chain). `npm test` runs the sets
  // on two lanes instead, each set on its own stack, beside the jest stages (docs/decisions/0130).
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: `../test-results/e2e${setSuffix}`,
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // A trace is recorded only for a failed journey's retry: recording every journey (screenshots and DOM
    // snapshots all along) cost Chromium about a third more CPU, which CI's two cores share with other suites.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    // Each of the stack's roles signs in through the form once (docs/decisions/0112); the journeys that are not
    // about signing in start signed in (fixtures.ts: startSignedIn, adminPage). Runs before any journey, also
    // when only some journey files are named on the command line.
    { name: 'sessions', testDir: './support', testMatch: 'sessions.setup.ts' },
    {
      name: 'journeys',
      testDir: './tests',
      dependencies: ['sessions'],
      ...(journeySet ? journeyFiles(journeySet) : {}),
    },
  ],
});
