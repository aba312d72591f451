// The admin's user lists on the real stack: pages with X-Total-Count, search by name, email or a whole id, the
// status and role filters and their counts, the three orders, the investors' summary, a ban's reason kept,
// audited and cleared by an unban, and bad queries refused naming the parameter.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { money, toMoneyString } from '@cropvest/contracts';
import {
  call,
  eventually,
  freshIp,
  loginAdmin,
  registerInvestor,
  stack,
  type Session,
} from '../../../test/support/api.ts';
import { fund } from '../../../test/support/wallet.ts';

jest.setTimeout(60_000);

interface Listed {
  id: string;
  name: string;
  email: string;
  role: string;
  balance: string;
  isBanned: boolean;
  banReason: string | null;
  bannedAt: string | null;
}

let admin: Session;
/** A token in every name of this run, so searches see only this file's users. */
const tag = randomUUID().slice(0, 8);
/** Registered in this order (the first oldest), funded with these amounts. */
const people = [
  { name: `Listed ${tag} Carol`, amount: null },
  { name: `Listed ${tag} Alice`, amount: '150.5' },
  { name: `Listed ${tag} Bob`, amount: '300' },
] as const;
const accounts: Session[] = [];

const api = (method: string, path: string, body?: unknown, session: Session = admin) =>
  call(method, path, { token: session.accessToken, ip: freshIp(), body });

async function list(query: Record<string, string>) {
  const result = await api('GET', `/api/admin/users?${new URLSearchParams(query).toString()}`);
  expect(result.status).toBe(200);
  return { items: result.body as Listed[], total: Number(result.headers.get('x-total-count')) };
}
const names = async (query: Record<string, string>) => (await list(query)).items.map(({ name }) => name);
const counts = async (query: Record<string, string>) =>
  (await api('GET', `/api/admin/users/counts?${new URLSearchParams(query).toString()}`)).body;

beforeAll(async () => {
  admin = await loginAdmin();
  for (const person of people) {
    const account = await registerInvestor({ name: person.name });
    if (person.amount) await fund(account, person.amount);
    accounts.push(account);
  }
  // Balances reach identity's projection from the wallet's events.
  await eventually(
    async () => (await list({ q: tag, sort: '-balance' })).items[0]?.balance === '300.00000000',
    30_000,
    'the balances to reach identity',
  );
  await eventually(
    async () => (await list({ q: `${tag} Alice` })).items[0]?.balance === '150.50000000',
    30_000,
    'the second balance to reach identity',
  );
});

describe('the admin user list', () => {
  it('pages on the server with the total in X-Total-Count, newest first by default', async () => {
    const first = await list({ q: tag, pageSize: '2' });
    const second = await list({ q: tag, pageSize: '2', page: '2' });
    expect(first.total).toBe(3);
    expect(second.total).toBe(3);
    expect([...first.items, ...second.items].map(({ name }) => name)).toEqual(
      [...people].reverse().map(({ name }) => name),
    );
    expect(JSON.stringify(first.items)).not.toMatch(/password/i);
  });

  it('finds a user by part of the name, by email (any case) and by the whole id', async () => {
    expect(await names({ q: `${tag} ali` })).toEqual([people[1].name]);
    expect(await names({ q: accounts[2]!.user.email.toUpperCase() })).toEqual([people[2].name]);
    expect(await names({ q: accounts[0]!.user.id })).toEqual([people[0].name]);
    expect(await names({ q: `${tag} nobody` })).toEqual([]);
    // LIKE's wildcards are plain characters: "%" finds no name with a literal percent sign of this run.
    expect(await names({ q: `${tag}%` })).toEqual([]);
  });

  it('orders by name, by balance (highest first) and newest first', async () => {
    expect(await names({ q: tag, sort: 'name' })).toEqual([people[1].name, people[2].name, people[0].name]);
    expect(await names({ q: tag, sort: '-balance' })).toEqual([
      people[2].name,
      people[1].name,
      people[0].name,
    ]);
    expect(await names({ q: tag, sort: '-createdAt' })).toEqual([
      people[2].name,
      people[1].name,
      people[0].name,
    ]);
  });

  it('filters by role', async () => {
    expect((await list({ q: tag, role: 'investor' })).total).toBe(3);
    expect((await list({ q: tag, role: 'admin' })).total).toBe(0);
    expect((await list({ q: admin.user.email, role: 'admin' })).items.map(({ id }) => id)).toEqual([
      admin.user.id,
    ]);
  });

  it('refuses a bad query naming the parameter, and an investor', async () => {
    for (const [query, message] of [
      ['pageSize=0', /pageSize|Too small/i],
      ['sort=foo', /sort must be one of: name, -balance, -createdAt/],
      ['status=frozen', /status must be one of/],
      ['role=owner', /role must be one of/],
      ['color=red', /color/],
    ] as const) {
      const answer = await api('GET', `/api/admin/users?${query}`);
      expect([query, answer.status]).toEqual([query, 400]);
      expect(answer.body.message).toMatch(message);
    }
    // Refused by the gateway, and by identity itself when the gateway is bypassed.
    const investorToken = accounts[0]!.accessToken;
    for (const base of [undefined, stack().services.identity])
      for (const path of ['/api/admin/users', '/api/admin/users/counts', '/api/admin/investors/summary']) {
        const answer = await call('GET', path, { token: investorToken, ip: freshIp(), base });
        expect([base ?? 'gateway', path, answer.status]).toEqual([base ?? 'gateway', path, 403]);
      }
  });
});

describe('a ban with its reason', () => {
  it('is kept, shown, filtered, counted and audited; an unban clears it', async () => {
    const target = accounts[1]!;
    expect(await counts({ q: tag })).toEqual({ all: 3, active: 3, banned: 0 });

    const banned = await api('PATCH', `/api/admin/users/${target.user.id}/ban`, {
      isBanned: true,
      reason: '  Chargeback fraud reported by the bank  ',
    });
    expect(banned.status).toBe(200);
    expect(banned.body).toMatchObject({ isBanned: true, banReason: 'Chargeback fraud reported by the bank' });
    expect(Date.parse(banned.body.bannedAt)).toBeGreaterThan(Date.now() - 60_000);

    expect((await api('GET', `/api/admin/users/${target.user.id}`)).body).toMatchObject({
      isBanned: true,
      banReason: 'Chargeback fraud reported by the bank',
    });
    expect(await names({ q: tag, status: 'banned' })).toEqual([people[1].name]);
    expect(await names({ q: tag, status: 'active', sort: 'name' })).toEqual([people[2].name, people[0].name]);
    expect(await counts({ q: tag })).toEqual({ all: 3, active: 2, banned: 1 });
    expect(await counts({ q: tag, role: 'admin' })).toEqual({ all: 0, active: 0, banned: 0 });

    const audit = await eventually(
      async () => {
        const page = await api('GET', `/api/admin/audit-logs?targetId=${target.user.id}&action=user_ban`);
        return page.body.total === 1 ? page.body.items[0] : undefined;
      },
      5000,
      'the user_ban audit row',
    );
    expect(audit).toMatchObject({
      adminId: admin.user.id,
      details: { reason: 'Chargeback fraud reported by the bank' },
    });

    // A reason is only for a ban.
    const refused = await api('PATCH', `/api/admin/users/${target.user.id}/ban`, {
      isBanned: false,
      reason: 'Paid back',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('A reason is only accepted with a ban');

    const unbanned = await api('PATCH', `/api/admin/users/${target.user.id}/ban`, { isBanned: false });
    expect(unbanned.status).toBe(200);
    expect(unbanned.body).toMatchObject({ isBanned: false, banReason: null, bannedAt: null });
    expect(await counts({ q: tag })).toEqual({ all: 3, active: 3, banned: 0 });
  });

  it('may be given without a reason, as the spec has it', async () => {
    const target = await registerInvestor({ name: `Unlisted ${tag}` });
    const banned = await api('PATCH', `/api/admin/users/${target.user.id}/ban`, { isBanned: true });
    expect(banned.status).toBe(200);
    expect(banned.body).toMatchObject({ isBanned: true, banReason: null });
    expect(banned.body.bannedAt).not.toBeNull();
  });
});

describe('the investors summary', () => {
  it('counts every investor with their combined balance and its exact half-even average', async () => {
    const answer = await api('GET', '/api/admin/investors/summary');
    expect(answer.status).toBe(200);
    const { investors, combinedBalance, averageBalance } = answer.body as {
      investors: number;
      combinedBalance: string;
      averageBalance: string;
    };
    expect(investors).toBeGreaterThanOrEqual(3);
    expect(combinedBalance).toMatch(/^\d+\.\d{8}$/);
    // This file's investors hold 450.5 of it; other suites add theirs on the same stack meanwhile.
    expect(money(combinedBalance).greaterThanOrEqualTo('450.5')).toBe(true);
    expect(averageBalance).toBe(toMoneyString(money(combinedBalance).dividedBy(investors)));
    // The list says the same about the investors: as many as the summary counts (none registered between).
    const all = await list({ role: 'investor', pageSize: '1' });
    expect(all.total).toBeGreaterThanOrEqual(investors);
  });
});
