// Routes built from the contracts' operations, over real HTTP: each owned operation needs exactly one handler,
// the operation decides who may call it, what is parsed and how it is answered, and literal paths win over ids.
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHttpApp } from '../src/http.ts';
import { createLogger } from '../src/logger.ts';
import { createMetrics } from '../src/metrics.ts';
import { UnauthorizedError } from '../src/errors.ts';
import type { AuthUser, TokenVerifier } from '../src/auth.ts';
import { handlers, operationRoutes, type OperationHandlers } from '../src/operations.ts';

const ADMIN: AuthUser = {
  id: '00000000-0000-4000-8000-000000000001',
  role: 'admin',
  sessionId: 's1',
  sessionVersion: 1,
};
const INVESTOR: AuthUser = { ...ADMIN, id: '00000000-0000-4000-8000-000000000002', role: 'investor' };
const TICKET_ID = '00000000-0000-4000-8000-00000000000a';

const verifier: TokenVerifier = {
  verify: async (token) => {
    if (token === 'admin') return ADMIN;
    if (token === 'investor') return INVESTOR;
    throw new UnauthorizedError('Invalid or expired token');
  },
};

/** What the handlers were called with, in order. */
const calls: { id: string; input: unknown }[] = [];
const called =
  <T>(id: string, answer: T) =>
  async (input: unknown): Promise<T> => {
    calls.push({ id, input });
    return answer;
  };

const page = { items: [{ id: TICKET_ID }], total: 41 };
const tickets = handlers('support', {
  myTickets: ({ actor, query }) => called('myTickets', page)({ actor: actor.id, query }),
  myTicket: ({ id }) => called('myTicket', { id })(id),
  createTicket: ({ body }) => called('createTicket', { id: TICKET_ID })(body),
  adminTickets: ({ query }) => called('adminTickets', page)(query),
  adminTicket: ({ id }) => called('adminTicket', { id })(id),
  adminTicketCounts: ({ query }) => called('adminTicketCounts', {})(query),
  updateTicketStatus: ({ id, body }) => called('updateTicketStatus', {})({ id, body }),
  respondToTicket: ({ id }) => called('respondToTicket', {})(id),
});
const faq = handlers('support', {
  faq: () => called('faq', { items: [], total: 0 })(null),
  adminFaq: () => called('adminFaq', { items: [], total: 0 })(null),
  createFaqEntry: () => called('createFaqEntry', {})(null),
  reorderFaq: ({ body }) => called('reorderFaq', {})(body),
  updateFaqEntry: ({ id }) => called('updateFaqEntry', {})(id),
});

let server: http.Server;
let base: string;

beforeAll(async () => {
  const app = createHttpApp({
    logger: createLogger('kit-test', 'silent'),
    metrics: createMetrics('kit-test'),
  });
  const router = operationRoutes('support', verifier, [tickets, faq]);
  app.use(router.routes()).use(router.allowedMethods());
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const call = (method: string, path: string, token?: string, body?: unknown) =>
  fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('routes from operations', () => {
  it('refuses a set of handlers that leaves an operation unanswered, answers one twice, or names another', () => {
    const { faq: _published, ...withoutPublishedFaq } = faq;
    expect(() => operationRoutes('support', verifier, [tickets, withoutPublishedFaq])).toThrow(
      "support's handlers do not match its operations: no handler for faq",
    );
    expect(() => operationRoutes('support', verifier, [tickets, faq, { faq: faq.faq }])).toThrow(
      'two handlers for faq',
    );
    const stranger = { myDeposits: tickets.myTickets } as OperationHandlers<'support'>;
    expect(() => operationRoutes('support', verifier, [tickets, faq, stranger])).toThrow(
      "not support's: myDeposits",
    );
  });

  it("guards each route by its operation's role: signed-in, admin, or public", async () => {
    expect((await call('GET', '/api/support')).status).toBe(401);
    expect((await call('GET', '/api/admin/support', 'investor')).status).toBe(403);
    expect((await call('GET', '/api/faq')).status).toBe(200);
  });

  it('answers a paged operation with its page and the total in X-Total-Count', async () => {
    calls.length = 0;
    const response = await call('GET', '/api/admin/support?page=2&pageSize=20&q=late', 'admin');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total-count')).toBe('41');
    expect(await response.json()).toEqual(page.items);
    expect(calls).toEqual([
      { id: 'adminTickets', input: expect.objectContaining({ page: 2, pageSize: 20, q: 'late' }) },
    ]);
  });

  it("parses the body by the operation's schema before the handler runs, and answers its status", async () => {
    calls.length = 0;
    const refused = await call('POST', '/api/support', 'investor', { subject: 'Help' });
    expect(refused.status).toBe(400);
    expect(calls).toEqual([]);
    const created = await call('POST', '/api/support', 'investor', {
      subject: 'Payout',
      category: 'investment',
      priority: 'low',
      description: 'When is harvest?',
    });
    expect(created.status).toBe(201);
    expect(calls.map((c) => c.id)).toEqual(['createTicket']);
  });

  it('sends a literal path to its own operation, not to the one taking an id, and checks the id', async () => {
    calls.length = 0;
    await call('PUT', '/api/admin/faq/order', 'admin', { ids: [TICKET_ID] });
    expect(calls.map((c) => c.id)).toEqual(['reorderFaq']);
    expect(
      (await call('PUT', '/api/admin/support/not-a-uuid/status', 'admin', { status: 'Resolved' })).status,
    ).toBe(400);
    expect((await call('DELETE', '/api/admin/faq/order', 'admin')).status).toBe(405);
  });
});
