// Every write operation in the OpenAPI document, called with broken bodies: the answer is a 4xx JSON error
// with a message and a code, never a 500 and never a stack trace.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { buildOpenApiDocument } from '@cropvest/contracts';
import { z } from '@cropvest/contracts/zod';
import { loginAdmin, registerInvestor, stackClient, type Session } from '../../test/support/api.ts';
import type { RawOptions } from '../../test/support/client.ts';

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

/** What an answer's body holds of the error shape, whatever their types (none when it is not an object). */
const ErrorFields = z.object({ message: z.unknown(), code: z.unknown() }).partial();

function expectCleanRefusal(result: { status: number; body: unknown }, label: string) {
  expect([label, result.status >= 400 && result.status < 500]).toEqual([label, true]);
  const fields = ErrorFields.safeParse(result.body).data;
  expect(typeof fields?.message).toBe('string');
  expect(typeof fields?.code).toBe('string');
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
      // Raw, every call: each write of the document by its method's name, with bodies that break its contract.
      const send = (options: RawOptions) => stackClient().raw(method, path, { token, ...options });
      expectCleanRefusal(await send({ rawBody: '{"amount": ' }), 'malformed');
      expectCleanRefusal(await send({ body: [] }), 'array');
      expectCleanRefusal(await send({ body: 'a string' }), 'string');
      expectCleanRefusal(
        await send({ body: { unexpected: { nested: [1, 2, 3] }, amount: { $gt: 0 } } }),
        'wrong shape',
      );
      const oversized = await send({ rawBody: JSON.stringify({ padding: 'x'.repeat(3 * 1024 * 1024) }) });
      expect(oversized.status).toBe(413);
    },
  );
});
