// The four-eyes rule on manual balance adjustments (docs/decisions/0060-four-eyes-approval.md): an admin's
// balance edit at or above the second-approval threshold waits for a different admin, through the gateway
// against the real stack. The held changes are 25,000 or more, above the default threshold and above the
// 20,000 another suite raises it to for a moment, so the suites can share a stack.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { type OperationBody, operationCall } from '@cropvest/contracts/operation-call';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  adminSession,
  eventually,
  registerInvestor,
  secondAdmin,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { balances, fund, ledgerCheck } from '../../../test/support/wallet.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { refused } from './support.ts';

jest.setTimeout(120_000);
afterAll(closeConnections);

const client = stackClient();
let first: Session;
let second: Session;

beforeAll(async () => {
  first = await adminSession();
  second = await secondAdmin();
  // The list names the admins from the wallet's projection of users.
  await eventually(
    async () => serviceDb('wallet')('users').where({ id: second.user.id }).first(),
    10_000,
    "the second admin in the wallet's user directory",
  );
});

/** An investor credited with `funds` through the real deposit flow. */
async function investorWith(funds: string): Promise<Session> {
  const investor = await registerInvestor({ name: 'Adjusted Investor' });
  await fund(investor, funds);
  return investor;
}

const setBalance = (admin: Session, investor: Session, balance: string, reason: string) =>
  client.call(identityOperations.updateAdminUser, {
    token: admin.accessToken,
    path: { id: investor.user.id },
    body: { balance, balanceReason: reason },
  });
/** The adjustment a balance edit answered with; throws when the edit made none. */
const adjustmentOf = (answer: Awaited<ReturnType<typeof setBalance>>) => {
  const adjustment = succeeded(answer).balanceAdjustment;
  if (!adjustment) throw new Error('the balance edit made no adjustment');
  return adjustment;
};
const review = (
  admin: Session,
  id: string,
  body: OperationBody<typeof walletOperations.reviewBalanceAdjustment>,
) => client.call(walletOperations.reviewBalanceAdjustment, { token: admin.accessToken, path: { id }, body });
const adjustmentsOf = (admin: Session, userId: string, status?: 'awaiting_second_approval') =>
  client.call(walletOperations.balanceAdjustments, { token: admin.accessToken, query: { userId, status } });
const available = async (investor: Session) => (await balances(investor.user.id)).available;

/** The audit entries the wallet wrote for one adjustment (in the outbox, in the transaction of each step). */
async function auditOf(adjustmentId: string) {
  const rows = await serviceDb('wallet')('outbox')
    .where({ type: 'audit.recorded' })
    .whereRaw(`envelope->'data'->'details'->>'adjustmentId' = ?`, [adjustmentId])
    .select('envelope');
  return rows.map(
    (row: { envelope: { data: { adminId: string; action: string; details: Record<string, unknown> } } }) =>
      row.envelope.data,
  );
}

describe('four-eyes approval of manual balance adjustments', () => {
  it('below the threshold the edit is applied at once, as before', async () => {
    const investor = await investorWith('10');
    const edited = await setBalance(first, investor, '35', 'Goodwill credit');
    expect(edited).toMatchObject({
      status: 200,
      body: { balance: '35.00000000', balanceAdjustment: { id: expect.any(String), status: 'applied' } },
    });
    expect(await available(investor)).toBe('35.00000000');
    const listed = await adjustmentsOf(first, investor.user.id);
    expect(listed.headers.get('x-total-count')).toBe('1');
    expect(succeeded(listed)[0]).toMatchObject({
      id: adjustmentOf(edited).id,
      direction: 'in',
      amount: '25.00000000',
      status: 'applied',
      requiresSecondApproval: false,
      previousBalance: '10.00000000',
      requestedBalance: '35.00000000',
      requestedBy: first.user.id,
      reviewedBy: first.user.id,
      transferId: expect.any(String),
    });
    // The same balance again is no adjustment at all.
    expect(succeeded(await setBalance(first, investor, '35', 'Nothing to do')).balanceAdjustment).toBeNull();
  });

  it('at the threshold: held and nothing moves; the same admin is refused; another admin applies the requested change', async () => {
    const investor = await investorWith('10');
    const held = await setBalance(first, investor, '25010', 'Migration from the old platform');
    expect(held).toMatchObject({
      status: 200,
      body: { balance: '10.00000000', balanceAdjustment: { status: 'awaiting_second_approval' } },
    });
    const { id } = adjustmentOf(held);
    expect(await available(investor)).toBe('10.00000000');
    expect(
      await serviceDb('wallet')('transfers').where({ idempotency_key: `adjustment:${id}` }),
    ).toHaveLength(0);

    const again = refused(await review(first, id, { status: 'approved' }), 409);
    expect(again.code).toBe('SAME_APPROVER');
    expect(again.message).toBe(
      'This balance adjustment needs a second approval from a different admin; you requested it.',
    );
    expect(await available(investor)).toBe('10.00000000');

    const waiting = await adjustmentsOf(second, investor.user.id, 'awaiting_second_approval');
    expect(waiting.headers.get('x-total-count')).toBe('1');
    expect(succeeded(waiting)[0]).toMatchObject({ id, requiresSecondApproval: true, reviewedBy: null });

    // Money moves between the request and the approval: the approval applies the +25,000 asked for.
    await fund(investor, '5');
    const applied = await review(second, id, { status: 'approved' });
    expect(applied).toMatchObject({
      status: 200,
      body: {
        status: 'applied',
        requestedBy: first.user.id,
        reviewedBy: second.user.id,
        reviewerName: 'Second Admin',
        transferId: expect.any(String),
      },
    });
    expect(await available(investor)).toBe('25015.00000000');
    expect((await review(second, id, { status: 'approved' })).body).toMatchObject({
      code: 'ALREADY_REVIEWED',
    });

    const audit = await auditOf(id);
    expect(audit.map((entry) => [entry.adminId, entry.action, entry.details.step])).toEqual(
      expect.arrayContaining([
        [first.user.id, 'balance_adjust', 'first approval'],
        [second.user.id, 'balance_adjust', 'second approval'],
      ]),
    );
    expect(audit).toHaveLength(2);
    // The user page, read right after the approval, shows the balance it made (read live, like /me).
    const page = await client.ok(identityOperations.adminUser, {
      token: first.accessToken,
      path: { id: investor.user.id },
    });
    expect(page.balance).toBe('25015.00000000');
  });

  it('a rejection moves nothing; a decrease the balance no longer covers is refused until then', async () => {
    const investor = await investorWith('30000');
    const held = await setBalance(first, investor, '0', 'Reversal of a duplicate deposit');
    const { id } = adjustmentOf(held);
    expect(held.body).toMatchObject({
      balance: '30000.00000000',
      balanceAdjustment: { status: 'awaiting_second_approval' },
    });
    // A small correction below the threshold applies at once and leaves less than the held -30,000.
    expect(adjustmentOf(await setBalance(first, investor, '29980', 'Fee correction')).status).toBe('applied');
    const tooMuch = await review(second, id, { status: 'approved' });
    expect(tooMuch).toMatchObject({ status: 409, body: { code: 'ADJUSTMENT_EXCEEDS_BALANCE' } });
    expect(await available(investor)).toBe('29980.00000000');

    const rejected = await review(first, id, { status: 'rejected', rejectionReason: '  Not agreed  ' });
    expect(rejected).toMatchObject({
      status: 200,
      body: { status: 'rejected', rejectionReason: 'Not agreed', reviewedBy: first.user.id },
    });
    expect(await available(investor)).toBe('29980.00000000');
    expect((await review(second, id, { status: 'approved' })).status).toBe(409);
    expect(
      await serviceDb('wallet')('transfers').where({ idempotency_key: `adjustment:${id}` }),
    ).toHaveLength(0);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['balance_adjust', 'balance_adjust_reject']),
    );
  });

  it('two second approvals at once move the money once, and the ledger balances', async () => {
    const third = await secondAdmin();
    const investor = await investorWith('1');
    const { id } = adjustmentOf(await setBalance(first, investor, '40001', 'Bonus pool payout'));
    const outcomes = await Promise.all([
      review(second, id, { status: 'approved' }),
      review(third, id, { status: 'approved' }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual([200, 409]);
    expect(await available(investor)).toBe('40001.00000000');
    expect(
      await serviceDb('wallet')('transfers').where({ idempotency_key: `adjustment:${id}` }),
    ).toHaveLength(1);
    expect((await ledgerCheck()).problems).toEqual([]);
  });

  it('only admins list and review adjustments, and bad input changes nothing', async () => {
    const investor = await investorWith('1');
    expect((await adjustmentsOf(investor, investor.user.id)).status).toBe(403);
    const { id } = adjustmentOf(await setBalance(first, investor, '30001', 'Large correction'));
    expect((await review(investor, id, { status: 'approved' })).status).toBe(403);
    // Raw: a status and a filter the contract has no word for, to see them refused.
    const { method, path } = operationCall(walletOperations.reviewBalanceAdjustment, {
      path: { id },
      body: { status: 'approved' },
    });
    expect(
      (await client.raw(method, path, { token: second.accessToken, body: { status: 'done' } })).status,
    ).toBe(400);
    const listPath = `${walletOperations.balanceAdjustments.path}?status=maybe`;
    expect((await client.raw('GET', listPath, { token: first.accessToken })).status).toBe(400);
    expect(await available(investor)).toBe('1.00000000');
    expect(succeeded(await review(second, id, { status: 'rejected' })).rejectionReason).toBeNull();
  });
});
