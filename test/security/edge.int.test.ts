// The public edge as an attacker and an operator see it (issue 15, docs/decisions/0051-metrics-and-edge.md):
// no /metrics through the gateway, metrics on each process's internal port labelled by route template only (100
// distinct ids add no series and leak no id or token), the security headers and a Permissions-Policy on every
// answer (health too), the JSON error shape for every refusal, and no-store on authenticated answers.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { notificationOperations } from '@cropvest/contracts/notify/api';
import { supportOperations } from '@cropvest/contracts/support/api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { adminSession, registerInvestor, stack, stackClient, type Session } from '../support/api.ts';

const client = stackClient();

let investor: Session;
beforeAll(async () => {
  investor = await registerInvestor();
});

const metricsOf = async (name: string): Promise<string> => {
  const response = await fetch(stack().metrics[name] as string);
  expect(response.status).toBe(200);
  return response.text();
};

/** The request-count series of a metrics text: `{labels}` of every http_request_duration_seconds_count line. */
const series = (text: string): string[] =>
  text
    .split('\n')
    .filter((line) => line.startsWith('http_request_duration_seconds_count{'))
    .map((line) => line.slice(line.indexOf('{'), line.lastIndexOf('}') + 1));

const labelled = (text: string, route: string) => series(text).filter((s) => s.includes(`route="${route}"`));

describe('metrics are off the public edge', () => {
  it('the gateway answers /metrics with its JSON 404, anonymous or as an admin', async () => {
    for (const token of [undefined, (await adminSession()).accessToken]) {
      for (const path of ['/metrics', '/api/metrics', '/api/metrics/']) {
        // Raw: paths no operation declares, which must not answer.
        const answer = await client.raw('GET', path, { token });
        expect([path, answer.status, answer.headers.get('content-type')]).toEqual([
          path,
          404,
          'application/json; charset=utf-8',
        ]);
        expect(answer.body).toMatchObject({ code: 'NOT_FOUND' });
        expect(JSON.stringify(answer.body)).not.toContain('http_request_duration');
      }
      // Elsewhere a path without an extension is a page of the app (its index.html), never the metrics.
      const page = await client.raw('GET', '/metrics/', { token });
      expect(String(page.body)).not.toContain('http_request_duration');
    }
  });

  it('each process serves its metrics on an internal port, where nothing else answers', async () => {
    for (const [name, url] of Object.entries(stack().metrics)) {
      expect([name, new URL(url).port]).not.toEqual([name, new URL(stack().services[name] as string).port]);
      expect(await metricsOf(name)).toContain(`service="${name}"`);
      const elsewhere = await fetch(new URL('/api/auth/me', url));
      expect([name, elsewhere.status, await elsewhere.json()]).toEqual([
        name,
        404,
        expect.objectContaining({ code: 'NOT_FOUND' }),
      ]);
    }
  });

  it('100 requests to distinct ids and upload tokens add no series and leak none of them', async () => {
    const proof = (id: string) =>
      client.call(walletOperations.depositProof, { token: investor.accessToken, path: { id } });
    // Raw: a file's bytes under a token nobody issued.
    const upload = (token: string) =>
      client.raw('PUT', `/api/uploads/deposit-proofs/${token}`, { rawBody: 'x' });
    // Raw: a path no operation declares.
    const stranger = (id: string) => client.raw('GET', `/api/no-such-area/${id}`);
    const deposit = () => proof(randomUUID());
    // Once each, so every series these calls make exists before counting.
    const first = await Promise.all([
      deposit(),
      upload(`${randomUUID().replaceAll('-', '')}.x${randomUUID()}`),
      stranger(randomUUID()),
    ]);
    expect(first.map((a) => a.status)).toEqual([404, 403, 404]);
    const before = { gateway: await metricsOf('gateway'), wallet: await metricsOf('wallet') };

    const ids: string[] = [];
    for (let i = 0; i < 100; i++) {
      const id = randomUUID();
      ids.push(id);
      const answers = await Promise.all([
        proof(id),
        upload(`${id.replaceAll('-', '')}.sig${i}`),
        stranger(id),
      ]);
      expect(answers.map((a) => a.status)).toEqual([404, 403, 404]);
    }

    const after = { gateway: await metricsOf('gateway'), wallet: await metricsOf('wallet') };
    // The series these calls answer into (their 404s and 403s): another suite on the shared stack may reach the
    // same route with another answer meanwhile (a proof it may read answers 200), a series of its own.
    const refusals = (text: string, route: string) =>
      labelled(text, route).filter((s) => /status="40[34]"/.test(s));
    for (const name of ['gateway', 'wallet'] as const) {
      for (const route of ['/api/deposits/:id/proof', '/api/uploads/:bucket/:token', 'unmatched'])
        expect([name, route, refusals(after[name], route)]).toEqual([
          name,
          route,
          refusals(before[name], route),
        ]);
      for (const id of ids) expect(after[name]).not.toContain(id);
      // Other suites share the stack and reach routes of their own meanwhile (how many depends on the machine's
      // speed), so the bound is the leak itself: a series per request would add at least 100.
      const added = series(after[name]).length - series(before[name]).length;
      process.stdout.write(
        `${name}: ${series(before[name]).length} request series before 300 calls with 100 distinct ids, ${added} added\n`,
      );
      expect(added).toBeLessThan(100);
    }
    const proofCount = (text: string) =>
      Number(
        /^http_request_duration_seconds_count\{[^}]*route="\/api\/deposits\/:id\/proof"[^}]*status="404"[^}]*\} (\d+)/m.exec(
          text,
        )?.[1] ?? 0,
      );
    expect(proofCount(after.gateway) - proofCount(before.gateway)).toBeGreaterThanOrEqual(100);
  });
});

describe('headers on every answer', () => {
  const SECURITY_HEADERS = [
    'content-security-policy',
    'permissions-policy',
    'strict-transport-security',
    'x-content-type-options',
    'x-frame-options',
    'referrer-policy',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
  ];

  it('health answers, errors, pages and the metrics listener carry the same security headers as the API', async () => {
    const api = await client.call(identityOperations.publicSettings);
    expect(api.status).toBe(200);
    const expected = Object.fromEntries(SECURITY_HEADERS.map((name) => [name, api.headers.get(name)]));
    for (const value of Object.values(expected)) expect(value).toEqual(expect.any(String));
    const gatewayUrl = stack().gatewayUrl;
    const answers = {
      healthz: await fetch(`${gatewayUrl}/healthz`),
      readyz: await fetch(`${gatewayUrl}/readyz`),
      'unknown /api route': await fetch(`${gatewayUrl}/api/no-such-route`),
      page: await fetch(`${gatewayUrl}/`),
      'gateway metrics': await fetch(stack().metrics.gateway as string),
    };
    for (const [what, response] of Object.entries(answers)) {
      const got = Object.fromEntries(SECURITY_HEADERS.map((name) => [name, response.headers.get(name)]));
      expect([what, got]).toEqual([what, expected]);
    }
  });

  it('the Permissions-Policy denies powerful features and keeps the clipboard the copy buttons use', async () => {
    const policy = (await fetch(`${stack().gatewayUrl}/healthz`)).headers.get('permissions-policy') ?? '';
    for (const denied of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()'])
      expect(policy).toContain(denied);
    expect(policy).toContain('clipboard-write=(self)');
  });

  it('authenticated answers are Cache-Control: no-store; public ones keep their own caching', async () => {
    const token = investor.accessToken;
    const me = await client.call(identityOperations.me, { token });
    expect([me.status, me.headers.get('content-type'), me.headers.get('cache-control')]).toEqual([
      200,
      'application/json; charset=utf-8',
      'no-store',
    ]);
    const reads: [string, () => Promise<{ status: number; headers: Headers }>][] = [
      [walletOperations.myDeposits.path, () => client.call(walletOperations.myDeposits, { token })],
      [
        notificationOperations.myNotifications.path,
        () => client.call(notificationOperations.myNotifications, { token }),
      ],
      [supportOperations.myTickets.path, () => client.call(supportOperations.myTickets, { token })],
      // Raw: no operation declares this path; whatever it answers is not cached either.
      ['/api/kyc/status', () => client.raw('GET', '/api/kyc/status', { token })],
    ];
    for (const [path, read] of reads) {
      const answer = await read();
      expect([path, answer.status < 500, answer.headers.get('cache-control')]).toEqual([
        path,
        true,
        'no-store',
      ]);
    }
    const admin = await client.call(identityOperations.adminUsers, {
      token: (await adminSession()).accessToken,
    });
    expect(admin.headers.get('cache-control')).toBe('no-store');
    // A refused token is someone's attempt, not cacheable either.
    const refused = await client.call(identityOperations.me, { token: 'not-a-token' });
    expect([refused.status, refused.headers.get('cache-control')]).toEqual([401, 'no-store']);
    const assets = await fetch(`${stack().gatewayUrl}/`);
    expect(assets.headers.get('cache-control')).not.toBe('no-store');
  });
});

describe('every refusal is the JSON error shape', () => {
  const expectJsonError = (
    what: string,
    answer: { status: number; headers: Headers; body: unknown },
    status: number,
    code: string,
  ) => {
    expect([what, answer.status, answer.headers.get('content-type')]).toEqual([
      what,
      status,
      'application/json; charset=utf-8',
    ]);
    expect([what, answer.body]).toEqual([
      what,
      expect.objectContaining({ code, message: expect.any(String) }),
    ]);
  };

  it('405 with Allow, 404, 415, malformed JSON and 413', async () => {
    const token = investor.accessToken;
    // Raw, every call here: wrong methods, unknown routes and bodies no contract describes.
    const wrongMethod = await client.raw('DELETE', identityOperations.me.path, { token });
    expectJsonError('DELETE /api/auth/me', wrongMethod, 405, 'METHOD_NOT_ALLOWED');
    expect(wrongMethod.headers.get('allow')).toContain('GET');
    expectJsonError(
      'PATCH /api/deposits',
      await client.raw('PATCH', walletOperations.myDeposits.path, { token, body: {} }),
      405,
      'METHOD_NOT_ALLOWED',
    );
    expectJsonError(
      'unknown /api route',
      await client.raw('GET', '/api/nothing/here', { token }),
      404,
      'NOT_FOUND',
    );
    expectJsonError(
      'unknown route in a service',
      await client.raw('GET', '/api/deposits/not/a/route', { token }),
      404,
      'NOT_FOUND',
    );
    expectJsonError(
      'text body',
      await client.raw('POST', supportOperations.createTicket.path, {
        token,
        rawBody: 'subject=hi',
        headers: { 'content-type': 'text/plain' },
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectJsonError(
      'malformed JSON',
      await client.raw('POST', supportOperations.createTicket.path, { token, rawBody: '{"subject": "hi",' }),
      400,
      'BAD_REQUEST',
    );
    expectJsonError(
      'body over the gateway limit',
      await client.raw('POST', supportOperations.createTicket.path, {
        token,
        rawBody: `"${'x'.repeat(1024 * 1024 + 10)}"`,
      }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expectJsonError(
      'body over the service limit',
      await client.raw('POST', supportOperations.createTicket.path, {
        token,
        body: { subject: 'x'.repeat(200 * 1024) },
      }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
  });
});
