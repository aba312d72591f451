// The investor's own lists are paged on the server: the spec's JSON array, newest first, one page of it, and
// the number of all rows in X-Total-Count (passed through the gateway).
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { registerInvestor, stackClient, type Session } from '../../../test/support/api.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { verifiedInvestor } from '../../../test/support/kyc.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { TRON_ADDRESS } from './support.ts';

jest.setTimeout(60_000);
afterAll(closeConnections);

const client = stackClient();
type OwnList = typeof walletOperations.myDeposits | typeof walletOperations.myWithdrawals;

/** Every page of `list` at `pageSize`, with the total each page announced. */
async function walkPages(list: OwnList, session: Session, pageSize: number) {
  const pages: { id: string; createdAt: string }[][] = [];
  const totals: string[] = [];
  for (let page = 1; ; page++) {
    const result = await client.call(list, { token: session.accessToken, query: { page, pageSize } });
    expect(result.status).toBe(200);
    totals.push(result.headers.get('x-total-count') as string);
    const rows = succeeded(result);
    if (rows.length === 0) return { pages, totals };
    pages.push(rows);
  }
}
const deposit = async (session: Session, amount: string) =>
  (await client.ok(walletOperations.createDeposit, { token: session.accessToken, body: { amount } })).id;
const withdraw = async (session: Session, amount: string) =>
  (
    await client.ok(walletOperations.requestWithdrawal, {
      token: session.accessToken,
      body: { amount, walletAddress: TRON_ADDRESS },
    })
  ).id;

const newestFirst = (rows: { createdAt: string }[]) =>
  rows.every((row, i) => i === 0 || row.createdAt <= rows[i - 1]!.createdAt);

describe('paged investor lists', () => {
  it('GET /api/deposits: pages that do not overlap, newest first, the total in X-Total-Count, own rows only', async () => {
    const owner = await registerInvestor();
    const other = await registerInvestor();
    const mine: string[] = [];
    for (let i = 1; i <= 7; i++) mine.push(await deposit(owner, `${i}`));
    const theirs = await deposit(other, '9');

    const { pages, totals } = await walkPages(walletOperations.myDeposits, owner, 3);
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(new Set(totals)).toEqual(new Set(['7']));
    const seen = pages.flat().map((d) => d.id);
    expect(seen).toHaveLength(new Set(seen).size);
    expect(seen.sort()).toEqual([...mine].sort());
    expect(seen).not.toContain(theirs);
    expect(newestFirst(pages.flat())).toBe(true);

    // Without parameters: the first page of 50, the spec's plain array.
    const plain = await client.call(walletOperations.myDeposits, { token: owner.accessToken });
    expect(plain.headers.get('x-total-count')).toBe('7');
    expect(succeeded(plain).map((d) => d.id)).toEqual(pages.flat().map((d) => d.id));
    const theirList = await client.call(walletOperations.myDeposits, { token: other.accessToken });
    expect(theirList.headers.get('x-total-count')).toBe('1');
    expect(succeeded(theirList).map((d) => d.id)).toEqual([theirs]);
  });

  it('GET /api/withdrawals: pages that do not overlap, newest first, the total in X-Total-Count, own rows only', async () => {
    const owner = await verifiedInvestor('20', 'wallet');
    const other = await verifiedInvestor('20', 'wallet');
    const mine: string[] = [];
    for (let i = 1; i <= 5; i++) mine.push(await withdraw(owner, '1'));
    await withdraw(other, '2');

    const { pages, totals } = await walkPages(walletOperations.myWithdrawals, owner, 2);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(new Set(totals)).toEqual(new Set(['5']));
    const seen = pages.flat().map((w) => w.id);
    expect(seen).toHaveLength(new Set(seen).size);
    expect(seen.sort()).toEqual([...mine].sort());
    expect(newestFirst(pages.flat())).toBe(true);
    const theirs = await client.call(walletOperations.myWithdrawals, {
      token: other.accessToken,
      query: { pageSize: 200 },
    });
    expect(theirs.body).toHaveLength(1);
  });

  it.each([
    ['page=0', 'page must be at least 1'],
    ['page=-1', 'page must be at least 1'],
    ['page=abc', 'page must be a number'],
    ['page=1.5', 'page must be a whole number'],
    ['pageSize=0', 'pageSize must be at least 1'],
    ['pageSize=500', 'pageSize must be at most 200'],
    ['pageSize=ten', 'pageSize must be a number'],
    ['limit=5', 'Unknown field: limit'],
  ])('refuses ?%s with a 400 JSON error and lists nothing', async (query, message) => {
    const investor = await registerInvestor();
    for (const { method, path } of [walletOperations.myDeposits, walletOperations.myWithdrawals]) {
      // Raw: a query the contract's types refuse, to see the wallet refuse it too.
      const result = await client.raw(method.toUpperCase(), `${path}?${query}`, {
        token: investor.accessToken,
      });
      expect(result).toMatchObject({ status: 400, body: { message, code: 'VALIDATION_FAILED' } });
      expect(result.headers.get('x-total-count')).toBeNull();
    }
  });
});
