// The admin KYC list on the real stack: pages with X-Total-Count, search by the submitted full name, the
// account's name and email and the ID number (LIKE wildcards taken literally), status filters and counts,
// sorting, bad queries refused naming the parameter, and investors refused by the gateway and the service.
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
import { submitKyc } from '../../../test/support/kyc.ts';

jest.setTimeout(60_000);

interface Listed {
  id: string;
  firstName: string;
  lastName: string;
  idNumber: string;
  status: string;
  submittedAt: string;
  user: { name: string; email: string } | null;
  reviewerName: string | null;
}

let admin: Session;
/** A token in every name of this run, so searches see only this file's submissions. */
const tag = randomUUID().slice(0, 8);
const submitted: { id: string; investor: Session }[] = [];

const api = (session: Session | undefined, method: string, path: string, body?: unknown) =>
  call(method, path, { token: session?.accessToken, ip: freshIp(), body });

async function list(query: Record<string, string>) {
  const result = await api(admin, 'GET', `/api/admin/kyc?${new URLSearchParams(query).toString()}`);
  expect(result.status).toBe(200);
  return { items: result.body as Listed[], total: Number(result.headers.get('x-total-count')) };
}

const counts = async (q: string) =>
  (await api(admin, 'GET', `/api/admin/kyc/counts?${new URLSearchParams({ q }).toString()}`)).body;

beforeAll(async () => {
  admin = await loginAdmin();
  // Five submissions in order (the first oldest); the last one's name holds LIKE's wildcards and escape.
  const lastNames = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Per%cent_under\\score'];
  for (const [index, last] of lastNames.entries()) {
    const investor = await registerInvestor({ name: `Account ${tag} ${index}` });
    const record = await submitKyc(investor, {
      firstName: `Kyc${tag}`,
      lastName: last,
      idNumber: `ID-${tag}-${index}`,
    });
    submitted.push({ id: record.id, investor });
  }
  const [approved, rejected] = submitted;
  expect(
    (await api(admin, 'PUT', `/api/admin/kyc/${approved!.id}/status`, { status: 'approved' })).status,
  ).toBe(200);
  expect(
    (
      await api(admin, 'PUT', `/api/admin/kyc/${rejected!.id}/status`, {
        status: 'rejected',
        rejectionReason: 'Blurred photo',
      })
    ).status,
  ).toBe(200);
  // The account names and emails come from the projection of identity's events: wait until all are there.
  await eventually(
    async () => (await list({ q: `Account ${tag}` })).total === submitted.length,
    30_000,
    'the submitters to reach the KYC projection',
  );
});

describe('the admin KYC list', () => {
  it('pages newest first with the total in X-Total-Count, pages never overlap, every field kept', async () => {
    const first = await list({ q: `Kyc${tag}`, pageSize: '2' });
    const second = await list({ q: `Kyc${tag}`, pageSize: '2', page: '2' });
    const third = await list({ q: `Kyc${tag}`, pageSize: '2', page: '3' });
    expect([first.total, second.total, third.total]).toEqual([5, 5, 5]);
    const ids = [...first.items, ...second.items, ...third.items].map((row) => row.id);
    expect(ids).toEqual(submitted.map((s) => s.id).reverse());
    const newest = first.items[0]!;
    expect(newest).toMatchObject({
      nationality: 'British',
      idType: 'passport',
      status: 'pending',
      user: { name: `Account ${tag} 4`, email: submitted[4]!.investor.user.email },
    });
    expect(Object.keys(newest)).toEqual(
      expect.arrayContaining(['address', 'city', 'country', 'postalCode', 'phoneNumber', 'selfieUrl']),
    );
    expect((await list({ q: `Kyc${tag}`, pageSize: '2', page: '9' })).items).toEqual([]);
  });

  it('sorts oldest first and by name', async () => {
    const oldest = await list({ q: `Kyc${tag}`, sort: 'submittedAt' });
    expect(oldest.items.map((row) => row.id)).toEqual(submitted.map((s) => s.id));
    const byName = await list({ q: `Kyc${tag}`, sort: '-name' });
    expect(byName.items.map((row) => row.lastName)).toEqual([
      'Per%cent_under\\score',
      'Delta',
      'Charlie',
      'Bravo',
      'Alpha',
    ]);
  });

  it('finds a submission by full name, account name, email or ID number, case-insensitively', async () => {
    const target = submitted[2]!;
    for (const q of [
      `kyc${tag} charlie`,
      `ACCOUNT ${tag} 2`,
      target.investor.user.email.toUpperCase(),
      `id-${tag}-2`,
    ]) {
      const found = await list({ q });
      expect({ q, ids: found.items.map((row) => row.id) }).toEqual({ q, ids: [target.id] });
    }
  });

  it('filters by status, and counts each status for the search', async () => {
    expect(await counts(`Kyc${tag}`)).toEqual({ all: 5, pending: 3, approved: 1, rejected: 1 });
    const pending = await list({ q: `Kyc${tag}`, status: 'pending' });
    expect(pending.total).toBe(3);
    expect(pending.items.every((row) => row.status === 'pending')).toBe(true);
    const rejected = await list({ q: `Kyc${tag}`, status: 'rejected' });
    expect(rejected.items.map((row) => row.id)).toEqual([submitted[1]!.id]);
    expect(rejected.items[0]).toMatchObject({
      rejectionReason: 'Blurred photo',
      reviewerName: expect.any(String),
    });
    expect(pending.items.every((row) => row.reviewerName === null)).toBe(true);
    expect(await counts(`nothing-${tag}`)).toEqual({ all: 0, pending: 0, approved: 0, rejected: 0 });
    const everything = (await api(admin, 'GET', '/api/admin/kyc/counts')).body;
    expect(everything.all).toBeGreaterThanOrEqual(5);
    expect(everything.all).toBe(everything.pending + everything.approved + everything.rejected);
  });

  it('takes %, _ and \\ in a search literally, and hostile text is only text', async () => {
    const wildcard = submitted[4]!.id;
    for (const q of ['%cent_under\\sc', 'per%CENT_', '_under\\']) {
      expect((await list({ q })).items.map((row) => row.id)).toEqual([wildcard]);
    }
    // Unescaped, each of these would match every submission.
    for (const q of ['%', '_', '%%', '\\', `Kyc${tag}%Alpha`, `Kyc${tag}_Alpha`]) {
      const found = await list({ q: `${q}` });
      expect({ q, found: found.items.filter((row) => row.id !== wildcard).map((row) => row.id) }).toEqual({
        q,
        found: [],
      });
    }
    for (const q of [`'; DROP TABLE kyc_documents; --`, `" OR 1=1 --`, '\u202e\u{1F600}', 'ä'.repeat(200)]) {
      const found = await list({ q });
      expect(found.total).toBe(0);
    }
    expect((await counts(`Kyc${tag}`)).all).toBe(5);
  });

  it('refuses a bad query naming what is wrong, and changes nothing', async () => {
    for (const [query, message] of [
      ['q=' + 'x'.repeat(201), 'Search must be at most 200 characters'],
      ['q=a%00b', 'NUL'],
      ['status=incomplete', 'status must be one of: all, pending, approved, rejected'],
      ['sort=amount', 'sort must be one of: -submittedAt, submittedAt, name, -name'],
      ['pageSize=201', 'pageSize'],
      ['page=0', 'page'],
      ['owner=someone', 'owner'],
    ] as const) {
      const refused = await api(admin, 'GET', `/api/admin/kyc?${query}`);
      expect({ query, status: refused.status }).toEqual({ query, status: 400 });
      expect(refused.body.message).toContain(message);
    }
    const refusedCount = await api(admin, 'GET', `/api/admin/kyc/counts?status=pending`);
    expect(refusedCount.status).toBe(400);
    expect((await counts(`Kyc${tag}`)).all).toBe(5);
  });

  it('is refused to an investor by the gateway and by the service, and to nobody signed in', async () => {
    const investor = submitted[3]!.investor;
    for (const path of ['/api/admin/kyc', `/api/admin/kyc?q=${tag}`, '/api/admin/kyc/counts']) {
      const viaGateway = await api(investor, 'GET', path);
      expect(viaGateway.status).toBe(403);
      expect(viaGateway.body.message).toBe('Admin access required');
      const direct = await call('GET', path, { token: investor.accessToken, base: stack().services.kyc });
      expect(direct.status).toBe(403);
      expect(JSON.stringify(direct.body)).not.toContain(tag);
      expect((await call('GET', path, { base: stack().services.kyc })).status).toBe(401);
      expect((await api(undefined, 'GET', path)).status).toBe(401);
    }
  });
});
