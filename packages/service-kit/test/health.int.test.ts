// Every process of the stack answers liveness and readiness the same way, and serves Prometheus metrics on an
// internal port of its own (docs/decisions/0051-metrics-and-edge.md).
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

  it('every process serves Prometheus metrics on its own internal port, and none on its API port', async () => {
    for (const [name, url] of processes()) {
      await fetch(`${url}/healthz`);
      await fetch(`${url}/api/no-such-route`);
      expect([name, (await fetch(`${url}/metrics`)).status]).toEqual([name, 404]);
      const metricsUrl = stack().metrics[name] as string;
      expect([name, new URL(metricsUrl).port]).not.toEqual([name, new URL(url).port]);
      const metrics = await fetch(metricsUrl);
      expect([name, metrics.status]).toEqual([name, 200]);
      const text = await metrics.text();
      expect(text).toContain('http_request_duration_seconds_bucket');
      expect(text).toContain(`service="${name}"`);
      expect(text).toContain('process_cpu_user_seconds_total');
      expect(text).toContain('route="unmatched"');
      expect(text).not.toContain('no-such-route');
    }
  });
});
