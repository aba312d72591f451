// GET /api/transactions: the investor's Transaction History, one merged list of their own money movements
// (deposits and withdrawals in every status, investments, harvest payouts, adjustments), newest first, paged.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { TransactionHistoryItem } from '@cropvest/contracts/wallet/model';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { operationCall, type OperationBody, type OperationQuery } from '@cropvest/contracts/operation-call';
import {
  adminSession,
  approveAsAdmin,
  eventually,
  registerInvestor,
  stack,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';
import { publishEvent } from '../../../test/support/bus.ts';
import { unknownTxid } from '../../../test/support/chain.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { approveKycByEvent } from '../../../test/support/kyc.ts';
import { balances, fund } from '../../../test/support/wallet.ts';
import { command, TRON_ADDRESS } from './support.ts';

jest.setTimeout(60_000);
afterAll(closeConnections);

const client = stackClient();
type HistoryQuery = OperationQuery<typeof walletOperations.myTransactions>;

/** One page of the caller's history, with the total the list gave in X-Total-Count. */
async function history(session: Session, query: HistoryQuery = {}) {
  const answer = await client.call(walletOperations.myTransactions, { token: session.accessToken, query });
  if (!answer.ok) throw new Error(`the history refused: ${answer.status} ${answer.body.message}`);
  return answer;
}
const withoutTimes = (items: TransactionHistoryItem[]) =>
  items.map(({ createdAt: _createdAt, ...rest }) => rest);

let investor: Session;
const ids = {} as Record<'approved' | 'pending' | 'rejected' | 'w1' | 'w2' | 'w3' | 'inv1' | 'inv2', string>;

/** Harvest of an investment as the plans service announces it; waits until the wallet has paid it. */
async function harvest(investmentId: string, principal: string, interest: string, planTitle?: string) {
  const before = (await balances(investor.user.id)).available;
  await publishEvent('investment.harvested', {
    investmentId,
    userId: investor.user.id,
    planId: randomUUID(),
    ...(planTitle ? { planTitle } : {}),
    principal,
    interest,
  });
  await eventually(
    async () => (await balances(investor.user.id)).available !== before,
    15_000,
    'the harvest payout',
  );
}

// One investor's movements of every kind, in this order (each a moment after the one before).
beforeAll(async () => {
  const admin = await adminSession();
  investor = await registerInvestor({ name: 'History Investor' });
  await approveKycByEvent(investor.user.id, 'wallet');
  ids.approved = await fund(investor, '500');
  const token = admin.accessToken;
  const deposit = async (body: { amount: string; txid?: string }) =>
    (await client.ok(walletOperations.createDeposit, { token: investor.accessToken, body })).id;
  ids.pending = await deposit({ amount: '25', txid: unknownTxid() });
  ids.rejected = await deposit({ amount: '30' });
  await client.ok(walletOperations.reviewDeposit, {
    token,
    path: { id: ids.rejected },
    body: { status: 'rejected' },
  });
  const withdraw = async (amount: string) =>
    (
      await client.ok(walletOperations.requestWithdrawal, {
        token: investor.accessToken,
        body: { amount, walletAddress: TRON_ADDRESS },
      })
    ).id;
  const reviewWithdrawal = (id: string, body: OperationBody<typeof walletOperations.reviewWithdrawal>) =>
    client.ok(walletOperations.reviewWithdrawal, { token, path: { id }, body });
  ids.w1 = await withdraw('10');
  ids.w2 = await withdraw('20');
  await reviewWithdrawal(ids.w2, { status: 'approved', txid: unknownTxid() });
  ids.w3 = await withdraw('5');
  await reviewWithdrawal(ids.w3, { status: 'rejected' });
  // 470 available. An investment with the memo the plans service sends, harvested with the plan's title; then one
  // as an older plans service sends it (no memo) and an older harvest event (no title).
  ids.inv1 = randomUUID();
  await command('cmd.wallet.debit', {
    investmentId: ids.inv1,
    userId: investor.user.id,
    amount: '300',
    memo: 'Winter Wheat · 3 slots',
  });
  await harvest(ids.inv1, '300.00000000', '12.50000000', 'Winter Wheat');
  ids.inv2 = randomUUID();
  await command('cmd.wallet.debit', { investmentId: ids.inv2, userId: investor.user.id, amount: '50' });
  await harvest(ids.inv2, '50.00000000', '1.00000000');
  // 483.5 available; the admin lowers it to 400.
  const edited = await client.call(identityOperations.updateAdminUser, {
    token,
    path: { id: investor.user.id },
    body: { balance: '400', balanceReason: 'Correction of a duplicate payout' },
  });
  expect(edited.status).toBe(200);
});

describe('GET /api/transactions', () => {
  it('merges every kind of movement, newest first; directions are honest and the total is in X-Total-Count', async () => {
    const all = await history(investor);
    expect(all.status).toBe(200);
    expect(all.headers.get('x-total-count')).toBe('13');
    const items = all.body;
    expect(items.map((i) => i.createdAt)).toEqual([...items.map((i) => i.createdAt)].sort().reverse());
    expect(withoutTimes(items)).toEqual(
      expect.arrayContaining([
        {
          id: ids.approved,
          type: 'deposit',
          direction: 'in',
          amount: '500.00000000',
          status: 'approved',
          description: 'Deposit',
          reference: null,
        },
        expect.objectContaining({ id: ids.pending, type: 'deposit', direction: 'in', status: 'pending' }),
        expect.objectContaining({ id: ids.rejected, type: 'deposit', direction: 'in', status: 'rejected' }),
        expect.objectContaining({ id: ids.w1, type: 'withdrawal', direction: 'out', status: 'pending' }),
        {
          id: ids.w2,
          type: 'withdrawal',
          direction: 'out',
          amount: '20.00000000',
          status: 'approved',
          description: `Withdrawal to ${TRON_ADDRESS}`,
          reference: TRON_ADDRESS,
        },
        expect.objectContaining({ id: ids.w3, type: 'withdrawal', direction: 'out', status: 'rejected' }),
        expect.objectContaining({
          type: 'investment',
          direction: 'out',
          amount: '300.00000000',
          status: 'completed',
          description: 'Winter Wheat · 3 slots',
          reference: ids.inv1,
        }),
        expect.objectContaining({
          type: 'harvest',
          direction: 'in',
          amount: '300.00000000',
          description: 'Winter Wheat · Harvest payout (principal)',
          reference: ids.inv1,
        }),
        expect.objectContaining({
          type: 'harvest',
          direction: 'in',
          amount: '12.50000000',
          description: 'Winter Wheat · Harvest payout (interest)',
          reference: ids.inv1,
        }),
        expect.objectContaining({
          type: 'investment',
          direction: 'out',
          description: 'Investment',
          reference: ids.inv2,
        }),
        expect.objectContaining({
          type: 'harvest',
          description: 'Harvest payout (principal)',
          reference: ids.inv2,
        }),
        expect.objectContaining({
          type: 'harvest',
          description: 'Harvest payout (interest)',
          reference: ids.inv2,
        }),
        {
          id: expect.any(String),
          type: 'adjustment',
          direction: 'out',
          amount: '83.50000000',
          status: 'completed',
          description: 'Balance adjustment: Correction of a duplicate payout',
          reference: null,
        },
      ]),
    );
    expect(items).toHaveLength(13);
    // Newest first: the adjustment came last, the approved deposit was declared first.
    expect(items[0]?.type).toBe('adjustment');
    expect(items.at(-1)?.id).toBe(ids.approved);
    expect(items.findIndex((i) => i.id === ids.w3)).toBeLessThan(items.findIndex((i) => i.id === ids.w1));
  });

  it.each([
    ['deposits', 'deposit', 3],
    ['withdrawals', 'withdrawal', 3],
  ] as const)('type=%s lists only %ss, in every status', async (listed, type, count) => {
    const result = await history(investor, { type: listed });
    expect(result.headers.get('x-total-count')).toBe(String(count));
    expect(result.body).toHaveLength(count);
    expect(new Set(result.body.map((i) => i.type))).toEqual(new Set([type]));
    expect(new Set(result.body.map((i) => i.status))).toEqual(new Set(['approved', 'pending', 'rejected']));
  });

  it('?type=investments lists investments and their harvest payouts, not adjustments', async () => {
    const result = await history(investor, { type: 'investments' });
    expect(result.headers.get('x-total-count')).toBe('6');
    expect(result.body.map((i) => i.type).sort()).toEqual([
      'harvest',
      'harvest',
      'harvest',
      'harvest',
      'investment',
      'investment',
    ]);
    expect(new Set(result.body.map((i) => i.reference))).toEqual(new Set([ids.inv1, ids.inv2]));
  });

  it('an investment is active while it grows and completed once its harvest pays it back', async () => {
    const grower = await registerInvestor({ name: 'Growing Investor' });
    await approveKycByEvent(grower.user.id, 'wallet');
    await fund(grower, '200');
    const investmentId = randomUUID();
    await command('cmd.wallet.debit', {
      investmentId,
      userId: grower.user.id,
      amount: '150',
      memo: 'Maize · 1 slot',
    });
    const investmentRow = async () =>
      (await history(grower, { type: 'investments' })).body.find((i) => i.type === 'investment');
    expect(await investmentRow()).toMatchObject({
      direction: 'out',
      status: 'active',
      reference: investmentId,
    });
    await publishEvent('investment.harvested', {
      investmentId,
      userId: grower.user.id,
      planId: randomUUID(),
      principal: '150.00000000',
      interest: '3.00000000',
    });
    await eventually(
      async () => (await investmentRow())?.status === 'completed',
      15_000,
      'the harvest payout',
    );
  });

  it('pages do not overlap and together are the whole list; type all is the default', async () => {
    const whole = (await history(investor, { type: 'all', pageSize: 200 })).body;
    const pages: TransactionHistoryItem[][] = [];
    for (let page = 1; page <= 3; page++) {
      const result = await history(investor, { page, pageSize: 5 });
      expect(result.headers.get('x-total-count')).toBe('13');
      pages.push(result.body);
    }
    expect(pages.map((p) => p.length)).toEqual([5, 5, 3]);
    expect(pages.flat().map((i) => i.id)).toEqual(whole.map((i) => i.id));
    expect(new Set(whole.map((i) => i.id)).size).toBe(13);
    expect((await history(investor, { page: 4, pageSize: 5 })).body).toEqual([]);
  });

  it("shows only the caller's own movements", async () => {
    const other = await registerInvestor();
    expect((await history(other)).body).toEqual([]);
    const deposit = await fund(other, '7');
    const theirs = await history(other);
    expect(theirs.headers.get('x-total-count')).toBe('1');
    expect(theirs.body.map((i) => i.id)).toEqual([deposit]);
    expect((await history(investor, { pageSize: 200 })).body.map((i) => i.id)).not.toContain(deposit);
  });

  it.each([
    ['?type=bonus', 'type must be one of: all, investments, deposits, withdrawals'],
    ['?type=', 'type must be one of: all, investments, deposits, withdrawals'],
    ['?page=0', 'page must be at least 1'],
    ['?pageSize=500', 'pageSize must be at most 200'],
    ['?page=abc', 'page must be a number'],
    [`?userId=${randomUUID()}`, 'Unknown field: userId'],
  ])('refuses %s with a 400 JSON error', async (query, message) => {
    const { method, path } = operationCall(walletOperations.myTransactions);
    const result = await client.raw(method, `${path}${query}`, { token: investor.accessToken });
    expect(result).toMatchObject({ status: 400, body: { message, code: 'VALIDATION_FAILED' } });
  });

  it('needs a token, at the gateway and at the service', async () => {
    expect((await client.call(walletOperations.myTransactions)).status).toBe(401);
    // Raw: the wallet itself, past the gateway, which the typed client only reaches by a path.
    const { method, path } = operationCall(walletOperations.myTransactions);
    expect((await client.raw(method, path, { ip: '', base: stack().services.wallet })).status).toBe(401);
  });
});

describe('approving what waits for review', () => {
  it('changes the status of the same history row instead of adding one', async () => {
    await approveAsAdmin({ deposit: ids.pending });
    const deposits = (await history(investor, { type: 'deposits' })).body;
    expect(deposits).toHaveLength(3);
    expect(deposits.find((i) => i.id === ids.pending)).toMatchObject({
      status: 'approved',
      amount: '25.00000000',
      reference: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });
});
