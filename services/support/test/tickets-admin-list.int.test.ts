// The admin ticket list on the real stack: pages with X-Total-Count, search by subject and by the opener's
// name and email (LIKE wildcards and quotes taken literally), status filters and counts, both orders, bad
// queries refused naming the parameter, and investors refused by the gateway and the service.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  call,
  eventually,
  freshIp,
  loginAdmin,
  registerInvestor,
  stack,
  type Session,
} from '../../../test/support/api.ts';

jest.setTimeout(60_000);

interface Listed {
  id: string;
  subject: string;
  status: string;
  createdAt: string;
  user: { name: string; email: string } | null;
}

let admin: Session;
/** A token in every subject and name of this run, so searches see only this file's tickets. */
const tag = randomUUID().slice(0, 8);
const opened: { id: string; investor: Session }[] = [];

const api = (session: Session | undefined, method: string, path: string, body?: unknown) =>
  call(method, path, { token: session?.accessToken, ip: freshIp(), body });

async function list(query: Record<string, string>) {
  const result = await api(admin, 'GET', `/api/admin/support?${new URLSearchParams(query).toString()}`);
  expect(result.status).toBe(200);
  return { items: result.body as Listed[], total: Number(result.headers.get('x-total-count')) };
}

const counts = async (q: string) =>
  (await api(admin, 'GET', `/api/admin/support/counts?${new URLSearchParams({ q }).toString()}`)).body;

beforeAll(async () => {
  admin = await loginAdmin();
  // Three openers, one ticket each, one of them with wildcard and quote characters in its subject.
  const subjects = [`${tag} deposit missing`, `${tag} 100% sure_it's late`, `${tag} cannot withdraw`];
  for (const [index, subject] of subjects.entries()) {
    const investor = await registerInvestor({ name: `Ticket Opener ${tag} ${index}` });
    const ticket = await api(investor, 'POST', '/api/support', {
      subject,
      category: 'deposit',
      priority: 'high',
      description: 'Please look into it.',
    });
    expect(ticket.status).toBe(201);
    opened.push({ id: ticket.body.id, investor });
  }
  await eventually(
    async () => (await list({ q: `Ticket Opener ${tag}` })).total === 3,
    15_000,
    'the openers in support’s user projection',
  );
});

describe('GET /api/admin/support', () => {
  it('pages with X-Total-Count in either order, the pages never overlapping', async () => {
    const first = await list({ q: tag, pageSize: '2', page: '1' });
    const second = await list({ q: tag, pageSize: '2', page: '2' });
    expect(first.total).toBe(3);
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(1);
    const newestFirst = [...first.items, ...second.items].map((t) => t.id);
    expect(newestFirst).toEqual([...opened].reverse().map((t) => t.id));
    const oldestFirst = (await list({ q: tag, sort: 'createdAt' })).items.map((t) => t.id);
    expect(oldestFirst).toEqual(opened.map((t) => t.id));
    expect((await list({ q: tag, page: '9' })).items).toEqual([]);
  });

  it("searches the subject and the opener's name and email, with the opener in each row", async () => {
    const bySubject = await list({ q: `${tag} cannot WITHDRAW` });
    expect(bySubject.items.map((t) => t.id)).toEqual([opened[2]!.id]);
    const byName = await list({ q: `ticket opener ${tag} 0` });
    expect(byName.items.map((t) => t.id)).toEqual([opened[0]!.id]);
    expect(byName.items[0]!.user).toEqual({
      name: `Ticket Opener ${tag} 0`,
      email: opened[0]!.investor.user.email,
    });
    const byEmail = await list({ q: opened[1]!.investor.user.email.toUpperCase() });
    expect(byEmail.items.map((t) => t.id)).toEqual([opened[1]!.id]);
  });

  it('takes hostile search text literally: wildcards, quotes, backslashes and SQL find only what contains them', async () => {
    expect((await list({ q: `${tag} 100%` })).items.map((t) => t.id)).toEqual([opened[1]!.id]);
    expect((await list({ q: `sure_it's` })).items.map((t) => t.id)).toContain(opened[1]!.id);
    for (const hostile of [
      `${tag}%`,
      `${tag}_`,
      `${tag}\\`,
      `${tag}' OR '1'='1`,
      `${tag}"; DROP TABLE support_tickets; --`,
      `${tag} 🌾 ünïcødé`,
    ]) {
      const found = await list({ q: hostile });
      expect(found.total).toBe(0);
      expect(found.items).toEqual([]);
    }
    expect((await list({ q: tag })).total).toBe(3);
  });

  it('filters by status and counts each status of the search', async () => {
    const moved = await api(admin, 'PUT', `/api/admin/support/${opened[0]!.id}/status`, {
      status: 'in_progress',
    });
    expect(moved.status).toBe(200);
    expect(await counts(tag)).toEqual({ all: 3, open: 2, in_progress: 1, resolved: 0, closed: 0 });
    const inProgress = await list({ q: tag, status: 'in_progress' });
    expect(inProgress.total).toBe(1);
    expect(inProgress.items.map((t) => [t.id, t.status])).toEqual([[opened[0]!.id, 'in_progress']]);
    expect((await list({ q: tag, status: 'closed' })).total).toBe(0);
    const all = await counts('');
    expect(all.all).toBe(all.open + all.in_progress + all.resolved + all.closed);
    expect(all.all).toBeGreaterThanOrEqual(3);
    // The last change first: the ticket just moved leads.
    expect((await list({ q: tag, sort: '-updatedAt' })).items[0]!.id).toBe(opened[0]!.id);
  });

  it('refuses bad queries with a 400 naming the parameter', async () => {
    const cases: [string, RegExp][] = [
      ['status=pending', /status must be one of/],
      ['sort=subject', /sort must be one of/],
      ['pageSize=201', /pageSize|200/],
      ['page=0', /page/],
      [`q=${'x'.repeat(201)}`, /Search must be at most 200 characters/],
      ['q=a%00b', /NUL/],
      ['colour=red', /colour|Unrecognized/i],
    ];
    for (const [query, message] of cases) {
      const refused = await api(admin, 'GET', `/api/admin/support?${query}`);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(message);
    }
    const badCounts = await api(admin, 'GET', '/api/admin/support/counts?status=open');
    expect(badCounts.status).toBe(400);
  });

  it('refuses investors at the gateway and at the service, and anonymous callers', async () => {
    const investor = opened[0]!.investor;
    for (const path of ['/api/admin/support?q=a', '/api/admin/support/counts']) {
      const viaGateway = await api(investor, 'GET', path);
      expect(viaGateway.status).toBe(403);
      expect(JSON.stringify(viaGateway.body)).not.toContain(tag);
      const direct = await call('GET', path, { token: investor.accessToken, base: stack().services.support });
      expect(direct.status).toBe(403);
      expect((await call('GET', path, { base: stack().services.support })).status).toBe(401);
      expect((await call('GET', path, { ip: freshIp() })).status).toBe(401);
    }
  });
});
