// Playwright journeys against the real stack, booted once by the same harness the integration suites use
// (test/global-setup.ts: embedded PostgreSQL, NATS, local S3, every service and the gateway on free ports).
// Browsers: Debian's Chromium at /usr/bin/chromium (CHROMIUM_PATH overrides); never `playwright install`.
import { defineConfig, devices } from '@playwright/test';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Journeys that change platform-wide settings; no two of them may run at once. */
const PLATFORM_SETTINGS = [/wallet-screens\.spec\.ts$/, /money-journey\.spec\.ts$/, /account\.spec\.ts$/];

export default defineConfig({
  testDir: './tests',
  globalSetup: '../test/global-setup.ts',
  globalTeardown: '../test/global-teardown.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Files run two at a time against the one stack (CI has 2 cores); the tests of a file run in order.
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: '../test-results/e2e',
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'journeys', testIgnore: PLATFORM_SETTINGS },
    // These change settings the whole platform shares (the deposit wallet, live chat): one file at a time.
    { name: 'platform settings', testMatch: PLATFORM_SETTINGS, workers: 1 },
  ],
});
