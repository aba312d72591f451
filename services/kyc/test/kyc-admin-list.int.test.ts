// The admin KYC list on the real stack: the shared admin-list checks (test/support/admin-list-suite.ts) with search
// by the submitted full name, the account's name and email and the ID number, the status filters and the orders;
// then what is this list's own: every field kept, the counts of each status, `%`, `_` and `\` found literally and
// hostile text only text, its own parameters refused naming them, and the refusal's words.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { kycOperations } from '@cropvest/contracts/kyc/api';
import type { OperationQuery } from '@cropvest/contracts/operation-call';
import { adminList } from '../../../test/support/admin-list-suite.ts';
import {
  adminSession,
  eventually,
  factories,
  stack,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';

jest.setTimeout(60_000);

const client = stackClient();
/** A token in every name of this run, so searches see only this file's submissions. */
const tag = randomUUID().slice(0, 8);
/** Submitted in this order (the first oldest); the last one's name holds LIKE's wildcards and escape. */
const lastNames = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Per%cent_under\\score'];

const token = async () => (await adminSession()).accessToken;

async function list(query: OperationQuery<typeof kycOperations.adminKyc>) {
  const answer = await client.call(kycOperations.adminKyc, { token: await token(), query });
  if (!answer.ok) throw new Error(`the KYC list refused: ${answer.status} ${answer.body.message}`);
  return { items: answer.body, total: Number(answer.headers.get('x-total-count')) };
}

const counts = async (q: string) =>
  client.ok(kycOperations.adminKycCounts, { token: await token(), query: { q } });

let made: Promise<{ id: string; investor: Session }[]> | undefined;
/** This file's five submissions, the first approved and the second rejected, their submitters projected. */
const submissions = () =>
  (made ??= (async () => {
    const submitted: { id: string; investor: Session }[] = [];
    for (const [index, last] of lastNames.entries()) {
      const investor = await factories().investor(`Account ${tag} ${index}`);
      const record = await factories().submitKyc(investor, {
        firstName: `Kyc${tag}`,
        lastName: last,
        idNumber: `ID-${tag}-${index}`,
      });
      submitted.push({ id: record.id, investor });
    }
    const [approved, rejected] = submitted;
    await client.ok(kycOperations.reviewKyc, {
      token: await token(),
      path: { id: approved!.id },
      body: { status: 'approved', notes: null, rejectionReason: null },
    });
    await client.ok(kycOperations.reviewKyc, {
      token: await token(),
      path: { id: rejected!.id },
      body: { status: 'rejected', notes: null, rejectionReason: 'Blurred photo' },
    });
    // The account names and emails come from the projection of identity's events: wait until all are there.
    await eventually(
      async () => (await list({ q: `Account ${tag}` })).total === submitted.length,
      30_000,
      'the submitters to reach the KYC projection',
    );
    return submitted;
  })());

adminList(kycOperations.adminKyc).describe({
  seed: async () => {
    const submitted = await submissions();
    const [a, b, c, d, e] = submitted.map(({ id }) => id) as [string, string, string, string, string];
    return {
      ids: [e, d, c, b, a],
      scope: { q: `Kyc${tag}` },
      term: `Kyc${tag}`,
      searches: [
        { q: `Kyc${tag} Charlie`, ids: [c] },
        { q: `Account ${tag} 2`, ids: [c] },
        { q: submitted[2]!.investor.user.email, ids: [c] },
        { q: `ID-${tag}-2`, ids: [c] },
      ],
      filters: [
        { query: { status: 'pending' }, ids: [e, d, c] },
        { query: { status: 'approved' }, ids: [a] },
        { query: { status: 'rejected' }, ids: [b] },
      ],
      sorts: [
        { query: { sort: 'submittedAt' }, ids: [a, b, c, d, e] },
        { query: { sort: '-submittedAt' }, ids: [e, d, c, b, a] },
        { query: { sort: 'name' }, ids: [a, b, c, d, e] },
        { query: { sort: '-name' }, ids: [e, d, c, b, a] },
      ],
    };
  },
});

describe('the admin KYC list, beyond the shared checks', () => {
  let submitted: { id: string; investor: Session }[];
  beforeAll(async () => {
    submitted = await submissions();
  });

  it('keeps every field of a submission, with its account and its reviewer', async () => {
    const [newest] = (await list({ q: `Kyc${tag}`, pageSize: 1 })).items;
    expect(newest).toMatchObject({
      nationality: 'British',
      idType: 'passport',
      status: 'pending',
      user: { name: `Account ${tag} 4`, email: submitted[4]!.investor.user.email },
    });
    expect(Object.keys(newest!)).toEqual(
      expect.arrayContaining(['address', 'city', 'country', 'postalCode', 'phoneNumber', 'selfieUrl']),
    );
    const rejected = await list({ q: `Kyc${tag}`, status: 'rejected' });
    expect(rejected.items[0]).toMatchObject({
      rejectionReason: 'Blurred photo',
      reviewerName: expect.any(String),
    });
    const pending = await list({ q: `Kyc${tag}`, status: 'pending' });
    expect(pending.items.every((row) => row.reviewerName === null)).toBe(true);
  });

  it('counts each status for the search', async () => {
    expect(await counts(`Kyc${tag}`)).toEqual({ all: 5, pending: 3, approved: 1, rejected: 1 });
    expect(await counts(`nothing-${tag}`)).toEqual({ all: 0, pending: 0, approved: 0, rejected: 0 });
    const everything = await client.ok(kycOperations.adminKycCounts, { token: await token() });
    expect(everything.all).toBeGreaterThanOrEqual(5);
    expect(everything.all).toBe(everything.pending + everything.approved + everything.rejected);
  });

  it('finds %, _ and \\ in a search literally, and hostile text is only text', async () => {
    const wildcard = submitted[4]!.id;
    for (const q of ['%cent_under\\sc', 'per%CENT_', '_under\\']) {
      expect((await list({ q })).items.map((row) => row.id)).toEqual([wildcard]);
    }
    // Unescaped, each of these would match every submission.
    for (const q of ['%', '_', '%%', '\\', `Kyc${tag}%Alpha`, `Kyc${tag}_Alpha`]) {
      const found = await list({ q });
      expect({ q, found: found.items.filter((row) => row.id !== wildcard).map((row) => row.id) }).toEqual({
        q,
        found: [],
      });
    }
    for (const q of [`'; DROP TABLE kyc_documents; --`, `" OR 1=1 --`, '\u202e\u{1F600}', 'ä'.repeat(200)]) {
      expect((await list({ q })).total).toBe(0);
    }
    expect((await counts(`Kyc${tag}`)).all).toBe(5);
  });

  it('refuses bad values of its own parameters naming them, and a status on the counts', async () => {
    for (const [query, message] of [
      ['status=incomplete', 'status must be one of: all, pending, approved, rejected'],
      ['sort=amount', 'sort must be one of: -submittedAt, submittedAt, name, -name'],
    ] as const) {
      const refused = await client.raw('GET', `${kycOperations.adminKyc.path}?${query}`, {
        token: await token(),
      });
      expect({ query, status: refused.status }).toEqual({ query, status: 400 });
      expect(JSON.stringify(refused.body)).toContain(message);
    }
    const refusedCount = await client.raw('GET', `${kycOperations.adminKycCounts.path}?status=pending`, {
      token: await token(),
    });
    expect(refusedCount.status).toBe(400);
    expect((await counts(`Kyc${tag}`)).all).toBe(5);
  });

  it('tells an investor admin access is required, and refuses them the counts too', async () => {
    const investor = submitted[3]!.investor;
    const viaGateway = await client.call(kycOperations.adminKyc, { token: investor.accessToken });
    expect(viaGateway).toMatchObject({ status: 403, body: { message: 'Admin access required' } });
    const { path } = kycOperations.adminKycCounts;
    expect((await client.raw('GET', path, { token: investor.accessToken })).status).toBe(403);
    const direct = await client.raw('GET', path, { token: investor.accessToken, base: stack().services.kyc });
    expect(direct.status).toBe(403);
    expect((await client.raw('GET', path, { base: stack().services.kyc })).status).toBe(401);
    expect((await client.raw('GET', path)).status).toBe(401);
  });
});
