// Who may call what: checked by the gateway before routing, and again by the service behind it.
import { describe, expect, it, beforeAll } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { buildOpenApiDocument, ErrorBody } from '@cropvest/contracts';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { z } from '@cropvest/contracts/zod';
import { matchRoute } from '../src/routes.ts';
import { loginAdmin, registerInvestor, stack, stackClient, type Session } from '../../test/support/api.ts';

const client = stackClient();

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
const adminOperations = Object.entries(buildOpenApiDocument().paths ?? {})
  .filter(([path]) => path.startsWith('/api/admin/'))
  .flatMap(([path, item]) =>
    (['get', 'post', 'put', 'patch', 'delete'] as Method[])
      .filter((m) => item?.[m])
      .map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, randomUUID()) })),
  );

let investor: Session;
let admin: Session;
beforeAll(async () => {
  investor = await registerInvestor();
  admin = await loginAdmin();
});

describe('admin routes', () => {
  it('are listed in the OpenAPI document (the test covers every one)', () => {
    expect(adminOperations.length).toBeGreaterThanOrEqual(9);
  });

  it.each(adminOperations)(
    '$method $path refuses an investor at the gateway (403) and without a token (401)',
    async ({ method, path }) => {
      // Raw: every admin path of the document, each with a made-up id and an empty body, by its method's name.
      const asInvestor = await client.raw(method, path, {
        token: investor.accessToken,
        body: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(asInvestor.status).toBe(403);
      expect(asInvestor.body).toMatchObject({ code: 'FORBIDDEN', message: 'Admin access required' });
      expect((await client.raw(method, path)).status).toBe(401);
    },
  );

  // Routes the gateway composes itself (the admin dashboard) have no service behind them to call directly.
  const serviceOperations = adminOperations.filter(({ path }) => matchRoute(path));
  it.each(serviceOperations)(
    '$method $path refuses an investor at the owning service called directly',
    async ({ method, path }) => {
      const rule = matchRoute(path);
      const base = stack().services[rule?.upstream ?? ''];
      expect(base).toBeDefined();
      // Raw: sent to the service itself (`base`), past the gateway.
      const direct = await client.raw(method, path, {
        base,
        token: investor.accessToken,
        body: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(direct.status).toBe(403);
      expect((await client.raw(method, path, { base })).status).toBe(401);
    },
  );
});

describe('tokens', () => {
  const decode = (part: string) =>
    JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>;
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const adminUsers = (token: string) => client.call(identityOperations.adminUsers, { token });
  const me = (token: string) => client.call(identityOperations.me, { token });
  // Raw: sent to the identity service itself (`base`), past the gateway.
  const toIdentity = (path: string, token: string) =>
    client.raw('GET', path, { token, base: stack().services.identity });

  it('a token whose payload was edited to say admin is refused everywhere', async () => {
    const [header, payload, signature] = investor.accessToken.split('.') as [string, string, string];
    const forged = `${header}.${encode({ ...decode(payload), role: 'admin' })}.${signature}`;
    expect((await adminUsers(forged)).status).toBe(401);
    expect((await me(forged)).status).toBe(401);
    expect((await toIdentity(identityOperations.adminUsers.path, forged)).status).toBe(401);
  });

  it('an unsigned `alg: none` token is refused', async () => {
    const [, payload] = admin.accessToken.split('.') as [string, string];
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    expect((await adminUsers(unsigned)).status).toBe(401);
    expect((await toIdentity(identityOperations.me.path, unsigned)).status).toBe(401);
  });

  it('an HS256 token signed with the public key as secret is refused (algorithm confusion)', async () => {
    const { SignJWT } = await import('jose');
    const jwks = (await (await fetch(`${stack().services.identity}/.well-known/jwks.json`)).json()) as {
      keys: unknown[];
    };
    const secret = new TextEncoder().encode(JSON.stringify(jwks.keys[0]));
    const [, payload] = admin.accessToken.split('.') as [string, string];
    const confused = await new SignJWT(decode(payload)).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    expect((await adminUsers(confused)).status).toBe(401);
  });

  it('garbage and expired-looking tokens are refused with a JSON 401', async () => {
    const garbage = await me('abc.def.ghi');
    expect(garbage.status).toBe(401);
    expect(garbage.body).toMatchObject({ code: 'INVALID_TOKEN', message: 'Invalid or expired token' });
  });
});

describe('the edge', () => {
  it('answers unknown /api paths with a JSON 404 and sets security headers and a request id', async () => {
    // Raw: a path no operation declares.
    const unknown = await client.raw('GET', '/api/does-not-exist', { token: investor.accessToken });
    expect(unknown.status).toBe(404);
    expect(ErrorBody.parse(unknown.body).code).toBe('NOT_FOUND');
    expect(unknown.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(unknown.headers.get('x-content-type-options')).toBe('nosniff');
    expect(unknown.headers.get('x-request-id')).toMatch(/.+/);
  });

  it('passes the caller request id through to the service and back', async () => {
    const me = await client.call(identityOperations.me, {
      token: investor.accessToken,
      headers: { 'x-request-id': 'trace-me-123' },
    });
    expect(me.headers.get('x-request-id')).toBe('trace-me-123');
  });

  it("connects to the route's own service whatever authority an absolute-form request line names", async () => {
    // `GET http://<notify>/api/auth/me` must still reach identity; before the fix it went wherever it said.
    const gateway = new URL(stack().gatewayUrl);
    const elsewhere = new URL(stack().services.notify as string);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(gateway.port), gateway.hostname, () =>
        socket.write(
          `GET http://${elsewhere.host}/api/auth/me HTTP/1.1\r\nHost: ${gateway.host}\r\n` +
            `Authorization: Bearer ${investor.accessToken}\r\nConnection: close\r\n\r\n`,
        ),
      );
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(answer).toContain(`"email":"${investor.user.email}"`);
  });

  it('serves the OpenAPI document and its docs page', async () => {
    // Raw: the document and its page are served by the gateway beside the operations it describes.
    const doc = await client.raw('GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    const document = z
      .object({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) })
      .parse(doc.body);
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/admin/users/{id}/ban', '/api/admin/settings']),
    );
    const page = await client.raw('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('/api/docs/swagger-ui-bundle.js');
    expect((await fetch(`${stack().gatewayUrl}/api/docs/swagger-ui-bundle.js`)).status).toBe(200);
  });
});
