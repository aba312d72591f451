// The admin's user lists on the real stack: the shared admin-list checks (test/support/admin-list-suite.ts) with
// search by name, email or a whole id, the status and role filters and the three orders; then what is this list's
// own: no password in a row, the counts, the investors' summary, a ban's reason kept, audited and cleared by an
// unban, and the parameters it alone takes refused naming them.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { money, toMoneyString } from '@cropvest/contracts';
import { identityOperations } from '@cropvest/contracts/identity/api';
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
import { fund } from '../../../test/support/wallet.ts';

jest.setTimeout(60_000);

const client = stackClient();
let admin: Session;
/** A token in every name of this run, so searches see only this file's users. */
const tag = randomUUID().slice(0, 8);
/** Registered in this order (the first oldest), funded with these amounts. */
const people = [
  { name: `Listed ${tag} Carol`, amount: null },
  { name: `Listed ${tag} Alice`, amount: '150.5' },
  { name: `Listed ${tag} Bob`, amount: '300' },
] as const;

type UserQuery = OperationQuery<typeof identityOperations.adminUsers>;

async function list(query: UserQuery) {
  const answer = await client.call(identityOperations.adminUsers, { token: admin.accessToken, query });
  if (!answer.ok) throw new Error(`the user list refused: ${answer.status} ${answer.body.message}`);
  return { items: answer.body, total: Number(answer.headers.get('x-total-count')) };
}
const names = async (query: UserQuery) => (await list(query)).items.map(({ name }) => name);
const counts = (query: OperationQuery<typeof identityOperations.adminUserCounts>) =>
  client.ok(identityOperations.adminUserCounts, { token: admin.accessToken, query });

let registered: Promise<Session[]> | undefined;
/** This file's three users, registered and funded once, their balances arrived in identity's projection. */
const accountsOf = () =>
  (registered ??= (async () => {
    admin = await adminSession();
    const accounts: Session[] = [];
    for (const person of people) {
      const account = await factories().investor(person.name);
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
    return accounts;
  })());

adminList(identityOperations.adminUsers).describe({
  findsById: true,
  seed: async () => {
    const accounts = await accountsOf();
    const [carol, alice, bob] = accounts.map((account) => account.user.id) as [string, string, string];
    return {
      ids: [bob, alice, carol],
      scope: { q: tag },
      term: tag,
      searches: [
        { q: `${tag} ali`, ids: [alice] },
        { q: accounts[2]!.user.email, ids: [bob] },
        { q: `${tag} nobody`, ids: [] },
      ],
      filters: [
        { query: { role: 'investor' }, ids: [bob, alice, carol] },
        { query: { role: 'admin' }, ids: [] },
        { query: { status: 'active' }, ids: [bob, alice, carol] },
        { query: { status: 'banned' }, ids: [] },
      ],
      sorts: [
        { query: { sort: 'name' }, ids: [alice, bob, carol] },
        { query: { sort: '-balance' }, ids: [bob, alice, carol] },
        { query: { sort: '-createdAt' }, ids: [bob, alice, carol] },
      ],
    };
  },
});

describe('the admin user list, beyond the shared checks', () => {
  beforeAll(accountsOf);

  it('shows no password, and finds an admin by email with the admin role', async () => {
    expect(JSON.stringify((await list({ q: tag })).items)).not.toMatch(/password/i);
    expect((await list({ q: admin.user.email, role: 'admin' })).items.map(({ id }) => id)).toEqual([
      admin.user.id,
    ]);
  });

  it('refuses bad values of its own parameters naming them, and an investor its counts and summary', async () => {
    for (const [query, message] of [
      ['sort=foo', /sort must be one of: name, -balance, -createdAt/],
      ['status=frozen', /status must be one of/],
      ['role=owner', /role must be one of/],
    ] as const) {
      const answer = await client.raw('GET', `${identityOperations.adminUsers.path}?${query}`, {
        token: admin.accessToken,
      });
      expect([query, answer.status]).toEqual([query, 400]);
      expect(JSON.stringify(answer.body)).toMatch(message);
    }
    // Refused by the gateway, and by identity itself when the gateway is bypassed.
    const investorToken = (await accountsOf())[0]!.accessToken;
    for (const base of [undefined, stack().services.identity])
      for (const { path } of [identityOperations.adminUserCounts, identityOperations.adminInvestorSummary]) {
        const answer = await client.raw('GET', path, { token: investorToken, base });
        expect([base ?? 'gateway', path, answer.status]).toEqual([base ?? 'gateway', path, 403]);
      }
  });
});

describe('a ban with its reason', () => {
  const ban = (id: string, body: { isBanned: boolean; reason?: string }) =>
    client.call(identityOperations.banUser, { token: admin.accessToken, path: { id }, body });

  it('is kept, shown, filtered, counted and audited; an unban clears it', async () => {
    const target = (await accountsOf())[1]!;
    expect(await counts({ q: tag })).toEqual({ all: 3, active: 3, banned: 0 });

    const banned = await ban(target.user.id, {
      isBanned: true,
      reason: '  Chargeback fraud reported by the bank  ',
    });
    if (!banned.ok) throw new Error(`the ban was refused: ${banned.body.message}`);
    expect(banned.body).toMatchObject({ isBanned: true, banReason: 'Chargeback fraud reported by the bank' });
    expect(Date.parse(banned.body.bannedAt!)).toBeGreaterThan(Date.now() - 60_000);

    expect(
      await client.ok(identityOperations.adminUser, {
        token: admin.accessToken,
        path: { id: target.user.id },
      }),
    ).toMatchObject({ isBanned: true, banReason: 'Chargeback fraud reported by the bank' });
    expect(await names({ q: tag, status: 'banned' })).toEqual([people[1].name]);
    expect(await names({ q: tag, status: 'active', sort: 'name' })).toEqual([people[2].name, people[0].name]);
    expect(await counts({ q: tag })).toEqual({ all: 3, active: 2, banned: 1 });
    expect(await counts({ q: tag, role: 'admin' })).toEqual({ all: 0, active: 0, banned: 0 });

    const audit = await eventually(
      async () => {
        const page = await client.ok(identityOperations.auditLogs, {
          token: admin.accessToken,
          query: { targetId: target.user.id, action: 'user_ban' },
        });
        return page.total === 1 ? page.items[0] : undefined;
      },
      5000,
      'the user_ban audit row',
    );
    expect(audit).toMatchObject({
      adminId: admin.user.id,
      details: { reason: 'Chargeback fraud reported by the bank' },
    });

    // A reason is only for a ban.
    const refused = await ban(target.user.id, { isBanned: false, reason: 'Paid back' });
    expect(refused.status).toBe(400);
    expect(refused.ok ? '' : refused.body.message).toBe('A reason is only accepted with a ban');

    const unbanned = await ban(target.user.id, { isBanned: false });
    expect(unbanned).toMatchObject({
      status: 200,
      body: { isBanned: false, banReason: null, bannedAt: null },
    });
    expect(await counts({ q: tag })).toEqual({ all: 3, active: 3, banned: 0 });
  });

  it('may be given without a reason, as the spec has it', async () => {
    const target = await factories().investor(`Unlisted ${tag}`);
    const banned = await ban(target.user.id, { isBanned: true });
    expect(banned).toMatchObject({ status: 200, body: { isBanned: true, banReason: null } });
    expect(banned.ok && banned.body.bannedAt).not.toBeNull();
  });
});

describe('the investors summary', () => {
  beforeAll(accountsOf);

  it('counts every investor with their combined balance and its exact half-even average', async () => {
    const { investors, combinedBalance, averageBalance } = await client.ok(
      identityOperations.adminInvestorSummary,
      { token: admin.accessToken },
    );
    expect(investors).toBeGreaterThanOrEqual(3);
    expect(combinedBalance).toMatch(/^\d+\.\d{8}$/);
    // This file's investors hold 450.5 of it; other suites add theirs on the same stack meanwhile.
    expect(money(combinedBalance).greaterThanOrEqualTo('450.5')).toBe(true);
    expect(averageBalance).toBe(toMoneyString(money(combinedBalance).dividedBy(investors)));
    // The list says the same about the investors: as many as the summary counts (none registered between).
    const all = await list({ role: 'investor', pageSize: 1 });
    expect(all.total).toBeGreaterThanOrEqual(investors);
  });
});
