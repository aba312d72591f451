// Every write operation in the OpenAPI document, called with broken bodies: the answer is a 4xx JSON error
// with a message and a code, never a 500 and never a stack trace.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { buildOpenApiDocument } from '@cropvest/contracts';
import { call, freshIp, loginAdmin, registerInvestor, type Session } from '../../test/support/api.ts';

type Method = 'post' | 'put' | 'patch';
const document = buildOpenApiDocument();
const writes = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  (['post', 'put', 'patch'] as Method[])
    .filter((method) => item?.[method]?.requestBody)
    .map((method) => ({
      method: method.toUpperCase(),
      path: path.replace(/\{[^}]+\}/g, randomUUID()),
      role: path.startsWith('/api/admin/')
        ? 'admin'
        : (item?.[method]?.security ?? []).length === 0
          ? 'public'
          : 'user',
    })),
);

let admin: Session;
let investor: Session;
beforeAll(async () => {
  admin = await loginAdmin();
  investor = await registerInvestor();
});
const tokenFor = (role: string) =>
  role === 'admin' ? admin.accessToken : role === 'user' ? investor.accessToken : undefined;

function expectCleanRefusal(result: { status: number; body: any }, label: string) {
  expect([label, result.status >= 400 && result.status < 500]).toEqual([label, true]);
  expect(typeof result.body?.message).toBe('string');
  expect(typeof result.body?.code).toBe('string');
  expect(JSON.stringify(result.body)).not.toMatch(/\bat .+\.(ts|js):\d+/);
}

describe('bad input on every write operation', () => {
  it('covers the operations of every service', () => {
    expect(writes.length).toBeGreaterThanOrEqual(8);
  });

  it.each(writes)(
    '$method $path: malformed JSON, wrong types and oversized bodies are refused cleanly',
    async ({ method, path, role }) => {
      const token = tokenFor(role);
      expectCleanRefusal(
        await call(method, path, { token, ip: freshIp(), rawBody: '{"amount": ' }),
        'malformed',
      );
      expectCleanRefusal(await call(method, path, { token, ip: freshIp(), body: [] }), 'array');
      expectCleanRefusal(await call(method, path, { token, ip: freshIp(), body: 'a string' }), 'string');
      expectCleanRefusal(
        await call(method, path, {
          token,
          ip: freshIp(),
          body: { unexpected: { nested: [1, 2, 3] }, amount: { $gt: 0 } },
        }),
        'wrong shape',
      );
      const oversized = await call(method, path, {
        token,
        ip: freshIp(),
        rawBody: JSON.stringify({ padding: 'x'.repeat(3 * 1024 * 1024) }),
      });
      expect(oversized.status).toBe(413);
    },
  );
});
