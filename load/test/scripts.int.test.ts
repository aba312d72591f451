// Every k6 script in load/ run once (setup, one iteration, teardown) against the test stack with the small
// k6-compatible runner (load/runner): each must declare readable options with thresholds, make its requests,
// and pass every check it makes. Small seed counts keep it quick; the journeys are the ones k6 runs.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { stack } from '../../test/support/api.ts';

const root = path.resolve(import.meta.dirname, '../..');
const scripts = readdirSync(path.join(root, 'load')).filter((file) => file.endsWith('.js'));

interface Summary {
  error?: string;
  optionProblems: string[];
  checks: { name: string; ok: boolean; error?: string }[];
  requests: { method: string; url: string; status: number; failed: boolean }[];
}

const figures: string[] = [];

describe('k6 scripts, one iteration each', () => {
  it('finds the journeys load testers need', () => {
    expect(scripts.sort()).toEqual(
      expect.arrayContaining([
        'public-browsing.js',
        'sign-in.js',
        'investor-dashboard.js',
        'deposit-approval.js',
        'hot-plan.js',
        'withdrawals.js',
        'notification-streams.js',
      ]),
    );
  });

  it.each(scripts)(
    '%s runs and passes its checks',
    (script) => {
      const run = spawnSync(
        process.execPath,
        ['--import', './load/runner/register.mjs', 'load/runner/run.mjs', `load/${script}`],
        {
          cwd: root,
          encoding: 'utf8',
          timeout: 120_000,
          env: {
            PATH: process.env.PATH,
            BASE_URL: stack().gatewayUrl,
            ADMIN_EMAIL: stack().adminEmail,
            ADMIN_PASSWORD: stack().adminPassword,
            ACCOUNTS: '2',
            INVESTORS: '2',
            STREAM_SECONDS: '2',
          },
        },
      );
      const summary = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as Summary;
      expect([script, summary.error, summary.optionProblems]).toEqual([script, undefined, []]);
      const failedChecks = summary.checks.filter((check) => !check.ok);
      const failedRequests = summary.requests.filter((request) => request.failed);
      expect([script, failedChecks, failedRequests]).toEqual([script, [], []]);
      expect(summary.requests.length).toBeGreaterThan(0);
      expect(summary.checks.length).toBeGreaterThan(0);
      figures.push(`${script} ${summary.requests.length} requests, ${summary.checks.length} checks passed`);
      if (figures.length === scripts.length) process.stdout.write(`k6 scripts: ${figures.join('; ')}\n`);
    },
    150_000,
  );
});
