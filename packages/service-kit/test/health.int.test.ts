// Every process of the stack answers liveness, readiness and Prometheus metrics the same way.
import { describe, expect, it } from '@jest/globals';
import { stack } from '../../../test/support/api.ts';

const processes = () => Object.entries(stack().services);

describe('health and metrics', () => {
  it('every service and the gateway are alive and ready, with their checks listed', async () => {
    for (const [name, url] of processes()) {
      const alive = await fetch(`${url}/healthz`);
      expect([name, alive.status]).toEqual([name, 200]);
      const ready = await fetch(`${url}/readyz`);
      const body = (await ready.json()) as { status: string; checks: { name: string; ok: boolean }[] };
      expect([name, ready.status, body.status]).toEqual([name, 200, 'ready']);
      expect(body.checks.length).toBeGreaterThan(0);
      expect(body.checks.every((check) => check.ok)).toBe(true);
    }
  });

  it('every process exposes Prometheus metrics including request durations', async () => {
    for (const [name, url] of processes()) {
      await fetch(`${url}/healthz`);
      await fetch(`${url}/api/no-such-route`);
      const metrics = await fetch(`${url}/metrics`);
      expect([name, metrics.status]).toEqual([name, 200]);
      const text = await metrics.text();
      expect(text).toContain('http_request_duration_seconds_bucket');
      expect(text).toContain(`service="${name}"`);
      expect(text).toContain('process_cpu_user_seconds_total');
    }
  });
});
