// Who the client is behind N proxies that append to X-Forwarded-For, and what sign-in does when the shared
// rate-limit store is down (docs/decisions/0086-edge-behind-proxies.md). The two-gateway test against the stack is
// auth-rate-limit.replicas.test.ts.
import type { Server } from 'node:http';
import { afterAll, describe, expect, it } from '@jest/globals';
import getPort from 'get-port';
import { createDatabase } from '@cropvest/service-kit/db';
import { createHttpApp } from '@cropvest/service-kit/http';
import { createLogger, createMetrics } from '@cropvest/service-kit/runtime';
import { authAttemptLimit, GATEWAY_SCHEMA } from '../src/auth-rate-limit.ts';

const logger = createLogger('gateway-test', 'silent');
const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

async function serve(app: ReturnType<typeof createHttpApp>): Promise<string> {
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

describe('the client address behind proxies that append to X-Forwarded-For', () => {
  it.each([
    [0, '127.0.0.1'],
    [1, '203.0.113.9'],
    [2, '198.51.100.7'],
  ])('with %i trusted hops it is %s, never what the client wrote', async (hops, expected) => {
    const app = createHttpApp({ logger, metrics: createMetrics('gateway-test'), trustedProxyHops: hops });
    app.use((ctx) => (ctx.body = { ip: ctx.ip }));
    const url = await serve(app);
    // The client wrote 192.0.2.66; a CDN appended 198.51.100.7, then the load balancer 203.0.113.9.
    const answer = await fetch(url, {
      headers: { 'x-forwarded-for': '192.0.2.66, 198.51.100.7, 203.0.113.9' },
    });
    expect(((await answer.json()) as { ip: string }).ip.replace(/^::ffff:/, '')).toBe(expected);
  });
});

describe('the sign-in limit when PostgreSQL is down', () => {
  it('refuses the attempt with a 503 JSON error instead of letting it through', async () => {
    // A port nothing listens on: every connection is refused, as with the database down.
    const db = createDatabase({
      url: `postgres://gateway:gateway@127.0.0.1:${await getPort()}/cropvest`,
      schema: GATEWAY_SCHEMA,
      migrations: [],
    });
    const limit = authAttemptLimit({ db, perMinute: 5, logger });
    const app = createHttpApp({ logger, metrics: createMetrics('gateway-test'), trustedProxyHops: 1 });
    let passed = 0;
    app.use(async (ctx) => {
      await limit(ctx);
      passed += 1;
      ctx.body = { signedIn: true };
    });
    const url = await serve(app);
    const answer = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'x-forwarded-for': '203.0.113.10' },
    });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('content-type')).toMatch(/application\/json/);
    expect(await answer.json()).toMatchObject({ code: 'RATE_LIMIT_UNAVAILABLE' });
    expect(passed).toBe(0);
    await db.destroy();
  });
});
