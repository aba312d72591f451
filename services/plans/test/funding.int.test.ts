// Funded payouts end to end (docs/decisions/0091): an admin disburses principal to the operator, records
// proceeds and the reserve fund's money; at harvest a plan whose proceeds cover what is due is paid from them,
// a short plan waits for two admins to settle it (reserve, postponement, pro rata, failure). The ledger check
// passes after each movement.
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { MoneyDecimal, STATEMENT_CSV_COLUMNS, STATEMENT_REALISED_LOSS_ROW } from '@cropvest/contracts';
import { notificationOperations } from '@cropvest/contracts/notify/api';
import type { OperationBody } from '@cropvest/contracts/operation-call';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { fundingOperations } from '@cropvest/contracts/plans/funding-api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  adminSession,
  eventually,
  secondAdminSession,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { recordProceeds } from '../../../test/support/funding.ts';
import { acknowledgement } from '../../../test/support/key-information.ts';
import { verifiedInvestor } from '../../../test/support/kyc.ts';
import { balances, ledgerCheck, statementRows } from '../../../test/support/wallet.ts';
import { createPlan, isoDay, plansDb, runAccrueCommand, shiftBack, simpleTerms } from './support.ts';

jest.setTimeout(180_000);
afterAll(closeConnections);

const client = stackClient();
const admin = async () => (await adminSession()).accessToken;
const second = async () => (await secondAdminSession()).accessToken;

/** A plan of 1000 a slot at 0.10 % a day (1.00000000 a day on a slot, simple), 10 days, over 2 days ago. */
async function endedPlan(
  title: string,
  buyers: number,
  { compound = false }: { compound?: boolean } = {},
): Promise<{ planId: string; investors: Session[]; investmentIds: string[] }> {
  const plan = await createPlan({
    title,
    minSlotPrice: '1000',
    dailyInterestRate: '0.10',
    startDate: isoDay(0),
    endDate: isoDay(10),
  });
  const investors: Session[] = [];
  const investmentIds: string[] = [];
  for (let n = 0; n < buyers; n++) {
    const investor = await verifiedInvestor('1000', 'plans');
    const bought = await client.call(plansOperations.invest, {
      token: investor.accessToken,
      body: { planId: plan.id, slotsPurchased: 1, ...(await acknowledgement(plan.id)) },
    });
    expect(bought.status).toBe(201);
    const { id } = succeeded(bought, 201);
    if (!compound) await simpleTerms(id);
    else await plansDb().raw('UPDATE investments SET compound = true WHERE id = ?', [id]);
    investors.push(investor);
    investmentIds.push(id);
  }
  await shiftBack(plan.id, 12);
  // Their four days to reconsider moved back with them: over long ago.
  await plansDb().raw(
    `UPDATE investments SET cancellable_until = cancellable_until - interval '12 days' WHERE plan_id = ?`,
    [plan.id],
  );
  return { planId: plan.id, investors, investmentIds };
}

const disburse = async (planId: string, amount: string) =>
  client.call(fundingOperations.recordDisbursement, {
    token: await admin(),
    path: { id: planId },
    body: { amount, disbursedOn: isoDay(-11), note: 'Seed and fertiliser' },
  });
/** A disbursement that must be recorded: its id. */
const disbursedId = async (planId: string, amount: string) =>
  succeeded(await disburse(planId, amount), 201).id;
/** An admin proposes how a short plan is settled. */
const settle = async (planId: string, body: OperationBody<typeof fundingOperations.requestSettlement>) =>
  client.call(fundingOperations.requestSettlement, { token: await admin(), path: { id: planId }, body });
const approveSettlement = (id: string, token: string) =>
  client.call(fundingOperations.approveSettlement, { token, path: { id } });

/** Waits until the wallet has posted every share of a disbursement. */
const disbursedInWallet = (disbursementId: string, shares: number) =>
  eventually(
    async () =>
      Number(
        (
          await serviceDb('wallet')('transfers')
            .where({ kind: 'disbursement', memo: disbursementId })
            .count({ n: '*' })
        )[0]?.n,
      ) === shares,
    30_000,
    `disbursement ${disbursementId} in the wallet`,
  );

const funding = (planId: string) => client.ok(fundingOperations.planFunding, { path: { id: planId } });
const planAccount = async (planId: string, kind: 'plan_operator' | 'plan_proceeds') =>
  (
    (await serviceDb('wallet')('accounts').where({ plan_id: planId, kind }).first('balance')) as {
      balance: string;
    }
  )?.balance;
const expectLedgerSound = async () => expect((await ledgerCheck()).problems).toEqual([]);

/**
 * An investment's realised loss (decision 0096) in its investor's Transaction History (a loss that moved no
 * money) and in today's statement, right after the payout, the balance unchanged and the amounts adding up.
 */
async function expectLossShown(investor: Session, investmentId: string, planTitle: string, loss: string) {
  const history = await client.ok(walletOperations.myTransactions, {
    token: investor.accessToken,
    query: { type: 'investments' },
  });
  expect(history.filter((item) => item.type === 'realised_loss')).toEqual([
    {
      id: investmentId,
      type: 'realised_loss',
      direction: 'none',
      amount: loss,
      status: 'completed',
      description: `${planTitle} · Realised loss: due at harvest, not paid (settled short)`,
      reference: investmentId,
      createdAt: expect.any(String),
    },
  ]);
  const [columns, opening, ...rest] = await statementRows(investor.accessToken, isoDay(-1), isoDay(0));
  const closing = rest.pop() as string[];
  expect(columns).toEqual([...STATEMENT_CSV_COLUMNS]);
  const [payout, lossRow] = rest.slice(-2) as [string[], string[]];
  expect(payout.slice(1, 3)).toEqual(['Harvest principal', investmentId]);
  expect(lossRow.slice(1)).toEqual([STATEMENT_REALISED_LOSS_ROW, investmentId, '', payout[4], loss]);
  let running = new MoneyDecimal(opening?.[4] as string);
  for (const [, , , amount, balance] of rest) {
    running = running.plus(amount || '0');
    expect(running.toFixed(8)).toBe(balance);
  }
  expect(running.toFixed(8)).toBe(closing[4]);
  expect(closing[4]).toBe((await balances(investor.user.id)).available);
}

describe('disbursements', () => {
  it('splits principal pro rata over investments past their four days to reconsider, and refuses more than that', async () => {
    const plan = await createPlan({ title: 'Disbursed Barley', minSlotPrice: '100' });
    const buy = async (investor: Session, slots: number) =>
      (
        await client.ok(plansOperations.invest, {
          token: investor.accessToken,
          body: { planId: plan.id, slotsPurchased: slots, ...(await acknowledgement(plan.id)) },
        })
      ).id;
    const [x, y, z] = [
      await verifiedInvestor('1000', 'plans'),
      await verifiedInvestor('1000', 'plans'),
      await verifiedInvestor('1000', 'plans'),
    ];
    const [ix, iy] = [await buy(x, 1), await buy(y, 2)];
    await buy(z, 1);
    // X and Y bought five days ago; Z today, still inside the four days to reconsider.
    await plansDb().raw(
      `UPDATE investments SET created_at = created_at - interval '5 days', cancellable_until = cancellable_until - interval '5 days' WHERE id IN (?, ?)`,
      [ix, iy],
    );

    const refused = await disburse(plan.id, '300.00000001');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'AMOUNT_ABOVE_DISBURSABLE' });

    // 100 over 100 : 200 undisbursed: 33.33333333 and 66.66666667 (the larger remainder takes the unit).
    const first = await disburse(plan.id, '100');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ planId: plan.id, amount: '100.00000000', investments: 2 });
    await disbursedInWallet(succeeded(first, 201).id, 2);
    expect(await balances(x.user.id)).toMatchObject({ invested: '66.66666667' });
    expect(await balances(y.user.id)).toMatchObject({ invested: '133.33333333' });
    expect(await balances(z.user.id)).toMatchObject({ invested: '100.00000000' });
    expect(await planAccount(plan.id, 'plan_operator')).toBe('100.00000000');
    const disbursed = await plansDb()('investments')
      .whereIn('id', [ix, iy])
      .orderBy('principal')
      .pluck('disbursed_principal');
    expect(disbursed).toEqual(['33.33333333', '66.66666667']);

    // What is left to disburse: 200; the rest is refused, all of it is accepted.
    expect((await disburse(plan.id, '200.00000001')).body).toMatchObject({
      code: 'AMOUNT_ABOVE_DISBURSABLE',
    });
    const rest = await disburse(plan.id, '200');
    expect(rest.status).toBe(201);
    await disbursedInWallet(succeeded(rest, 201).id, 2);
    expect(await balances(x.user.id)).toMatchObject({ invested: '0.00000000' });
    expect(await balances(z.user.id)).toMatchObject({ invested: '100.00000000' });

    const listed = await client.call(fundingOperations.adminPlanDisbursements, {
      token: await admin(),
      path: { id: plan.id },
    });
    expect(listed.headers.get('x-total-count')).toBe('2');
    expect(succeeded(listed).map((d) => d.amount)).toEqual(['200.00000000', '100.00000000']);
    expect(await funding(plan.id)).toMatchObject({
      fundingModel: 'funded',
      payoutStatus: 'open',
      raised: '400.00000000',
      disbursed: '300.00000000',
      lastDisbursedOn: isoDay(-11),
      proceeds: '0.00000000',
      proceedsRecorded: false,
    });
    // Browse Plans' card says so too, with what is due from the proceeds (the 300 disbursed, nothing accrued yet)
    // and the coverage; proceeds recorded show on it at once.
    const card = async () => (await client.ok(plansOperations.plans)).find((p) => p.id === plan.id)?.funding;
    expect(await card()).toEqual({
      model: 'funded',
      payoutStatus: 'open',
      proceedsRecorded: false,
      proceeds: '0.00000000',
      reserveAllocated: '0.00000000',
      due: '300.00000000',
      coverage: '0.0000',
    });
    await recordProceeds(plan.id, '12.5');
    expect(await card()).toMatchObject({
      proceedsRecorded: true,
      proceeds: '12.50000000',
      coverage: '0.0417',
    });
    await expectLedgerSound();
  });

  it('refuses to record money for a legacy plan', async () => {
    const plan = await createPlan({ title: 'Legacy Oats' });
    await plansDb()('plans').where({ id: plan.id }).update({ funding_model: 'legacy' });
    const refused = await client.call(fundingOperations.recordProceeds, {
      token: await admin(),
      path: { id: plan.id },
      body: { amount: '10', receivedOn: isoDay(0), buyer: 'Mill' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'LEGACY_PLAN' });
    expect((await funding(plan.id)).fundingModel).toBe('legacy');
  });
});

describe('harvest from proceeds', () => {
  it('pays a covered compounding plan in full from its proceeds and keeps the surplus in the plan', async () => {
    const { planId, investors, investmentIds } = await endedPlan('Covered Maize', 1, { compound: true });
    const [investor] = investors as [Session];
    await disbursedInWallet(await disbursedId(planId, '600'), 1);
    await recordProceeds(planId, '700');
    const run = await runAccrueCommand();
    expect(run.code).toBe(0);
    // Ten days compounding at 0.10 % on 1000: 10.04512021.
    const investment = await plansDb()('investments').where({ id: investmentIds[0] }).first();
    expect(investment).toMatchObject({
      status: 'completed',
      interest_earned: '10.04512021',
      shortfall: '0.00000000',
    });
    await eventually(
      async () => (await balances(investor.user.id)).available === '1010.04512021',
      30_000,
      'the covered payout',
    );
    expect(await balances(investor.user.id)).toMatchObject({ invested: '0.00000000' });
    // 700 received, 600 principal and 10.04512021 interest paid from it.
    expect(await planAccount(planId, 'plan_proceeds')).toBe('89.95487979');
    expect(await funding(planId)).toMatchObject({
      payoutStatus: 'paying',
      paidOut: '610.04512021',
      due: '0.00000000',
    });
    await expectLedgerSound();
  });

  it('pays a legacy plan (created before funded payouts) as before, from interest_paid, with no proceeds', async () => {
    const { planId, investors } = await endedPlan('Legacy Millet', 1);
    const [investor] = investors as [Session];
    await plansDb()('plans').where({ id: planId }).update({ funding_model: 'legacy' });
    expect((await runAccrueCommand()).code).toBe(0);
    await eventually(
      async () => (await balances(investor.user.id)).available === '1010.00000000',
      30_000,
      'the legacy payout',
    );
    expect(await funding(planId)).toMatchObject({ fundingModel: 'legacy', payoutStatus: 'open' });
    expect(await planAccount(planId, 'plan_proceeds')).toBeUndefined();
    await expectLedgerSound();
  });

  it('holds a short plan for settlement, then two admins settle it pro rata: exactly one approval wins', async () => {
    const { planId, investors, investmentIds } = await endedPlan('Short Sorghum', 2);
    await disbursedInWallet(await disbursedId(planId, '2000'), 2);
    // Due from proceeds: 2000 principal + 2 × 10 interest = 2020; received 1010: half.
    await recordProceeds(planId, '1010');
    expect((await runAccrueCommand()).code).toBe(0);
    expect(await funding(planId)).toMatchObject({
      planTitle: 'Short Sorghum',
      harvestDay: isoDay(-2),
      payoutStatus: 'settlement_needed',
      due: '2020.00000000',
      proceeds: '1010.00000000',
      coverage: '0.5000',
    });
    expect(await plansDb()('investments').whereIn('id', investmentIds).pluck('status')).toEqual([
      'active',
      'active',
    ]);
    const desk = await client.ok(fundingOperations.adminPlanFunding, {
      token: await admin(),
      query: { payoutStatus: 'settlement_needed' },
    });
    expect(desk.find((p) => p.planId === planId)).toMatchObject({
      planTitle: 'Short Sorghum',
      harvestDay: isoDay(-2),
      payoutStatus: 'settlement_needed',
    });

    const answer = await settle(planId, { action: 'pro_rata' });
    expect(answer.status).toBe(201);
    const proposed = succeeded(answer, 201);
    expect(proposed).toMatchObject({ action: 'pro_rata', status: 'awaiting_second_approval' });
    const another = await settle(planId, { action: 'fail', report: 'x' });
    expect([another.status, another.body]).toMatchObject([409, { code: 'SETTLEMENT_PENDING' }]);
    const self = await approveSettlement(proposed.id, await admin());
    expect([self.status, self.body]).toMatchObject([409, { code: 'SAME_APPROVER' }]);

    const token = await second();
    const decisions = await Promise.all([
      approveSettlement(proposed.id, token),
      approveSettlement(proposed.id, token),
    ]);
    expect(decisions.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(decisions.find((r) => r.status === 409)?.body).toMatchObject({ code: 'ALREADY_DECIDED' });

    // Each gets half of 1010: 505; the shortfall of 505 is their realised loss.
    for (const investor of investors)
      await eventually(
        async () => (await balances(investor.user.id)).available === '505.00000000',
        30_000,
        'the pro rata payout',
      );
    const settled = await plansDb()('investments').whereIn('id', investmentIds).select('status', 'shortfall');
    expect(settled).toEqual([
      { status: 'completed', shortfall: '505.00000000' },
      { status: 'completed', shortfall: '505.00000000' },
    ]);
    expect(await planAccount(planId, 'plan_proceeds')).toBe('0.00000000');
    expect((await funding(planId)).payoutStatus).toBe('settled');
    // Each investor was told the payout was under review, then how the settled payout fell short.
    const [first] = investors as [Session];
    const titles = async () =>
      (await client.ok(notificationOperations.myNotifications, { token: first.accessToken })).map(
        (n) => `${n.title}: ${n.message}`,
      );
    await eventually(
      async () => {
        const seen = await titles();
        return (
          seen.some((t) => t.startsWith('Payout under review: Short Sorghum')) &&
          seen.some(
            (t) =>
              t.startsWith('Harvest settled with a loss') && t.includes('505.00 USDT is a realised loss'),
          )
        );
      },
      30_000,
      'the review notice and the explained partial payout',
    );
    // My Investments shows what was sent to the operator and the realised loss.
    const mine = await client.ok(plansOperations.myInvestments, { token: first.accessToken });
    expect(mine[0]).toMatchObject({
      status: 'completed',
      disbursedPrincipal: '1000.00000000',
      realisedLoss: '505.00000000',
    });
    // The transaction history and the statement show it too, beside the payout (decision 0096).
    await expectLossShown(first, investmentIds[0] as string, 'Short Sorghum', '505.00000000');
    await expectLedgerSound();
  });

  it('closes a plan with no proceeds as failed: principal never disbursed comes back, the rest is lost', async () => {
    const { planId, investors, investmentIds } = await endedPlan('Failed Cassava', 1);
    const [investor] = investors as [Session];
    await disbursedInWallet(await disbursedId(planId, '400'), 1);
    expect((await runAccrueCommand()).code).toBe(0);
    expect(await funding(planId)).toMatchObject({
      payoutStatus: 'settlement_needed',
      proceedsRecorded: false,
      coverage: '0.0000',
    });
    const proposed = succeeded(
      await settle(planId, {
        action: 'fail',
        report: 'Drought destroyed the crop in week six; the insurer pays nothing below the index.',
      }),
      201,
    );
    const approved = await approveSettlement(proposed.id, await second());
    expect(approved.status).toBe(200);
    await eventually(
      async () => (await balances(investor.user.id)).available === '600.00000000',
      30_000,
      'the undisbursed principal back',
    );
    expect(await plansDb()('investments').where({ id: investmentIds[0] }).first('shortfall')).toEqual({
      shortfall: '410.00000000',
    });
    await expectLossShown(investor, investmentIds[0] as string, 'Failed Cassava', '410.00000000');
    expect(await funding(planId)).toMatchObject({
      payoutStatus: 'failed',
      failureReport: expect.stringContaining('Drought'),
    });
    await expectLedgerSound();
  });

  it('postpones a payout, then pays it on the new day once proceeds arrived', async () => {
    const { planId, investors } = await endedPlan('Postponed Coffee', 1);
    const [investor] = investors as [Session];
    expect((await runAccrueCommand()).code).toBe(0);
    // Nothing disbursed: 10 interest due from proceeds, none recorded.
    expect((await funding(planId)).payoutStatus).toBe('settlement_needed');
    const past = await settle(planId, { action: 'postpone', until: isoDay(0) });
    expect([past.status, past.body]).toMatchObject([400, { code: 'POSTPONE_NOT_LATER' }]);
    const proposed = succeeded(await settle(planId, { action: 'postpone', until: isoDay(7) }), 201);
    expect((await approveSettlement(proposed.id, await second())).status).toBe(200);
    expect(await funding(planId)).toMatchObject({ payoutStatus: 'postponed', postponedTo: isoDay(7) });
    await recordProceeds(planId, '10');
    // The new day comes (moved back in time, as the accrual tests do): decided again, covered, paid.
    await plansDb()('plans')
      .where({ id: planId })
      .update({ payout_postponed_to: isoDay(0) });
    expect((await runAccrueCommand()).code).toBe(0);
    await eventually(
      async () => (await balances(investor.user.id)).available === '1010.00000000',
      30_000,
      'the postponed payout',
    );
    await expectLedgerSound();
  });
});

describe('the reserve fund', () => {
  it('takes recorded platform money, allocates it to a short plan (two admins above the threshold) and pays it as covered', async () => {
    const { planId, investors } = await endedPlan('Reserved Rice', 1);
    const [investor] = investors as [Session];
    expect((await runAccrueCommand()).code).toBe(0);
    expect((await funding(planId)).payoutStatus).toBe('settlement_needed');

    const reserve = async () => client.ok(fundingOperations.reserveFund, { token: await admin() });
    const contribute = async (amount: string, source: string, txid: string) =>
      client.call(fundingOperations.contributeToReserve, {
        token: await admin(),
        body: { amount, receivedOn: isoDay(0), source, network: 'TRC20', txid },
      });
    const allocate = async (amount: string, reason: string) =>
      client.call(fundingOperations.requestReserveAllocation, {
        token: await admin(),
        path: { id: planId },
        body: { amount, reason },
      });
    const approveAllocation = (id: string, token: string) =>
      client.call(fundingOperations.approveReserveAllocation, { token, path: { id } });

    const before = await reserve();
    const contributed = await contribute(
      '12000',
      'Platform equity, board resolution 2026-11',
      'AB'.repeat(32),
    );
    expect(contributed.status).toBe(201);
    expect(succeeded(contributed, 201).txid).toBe('ab'.repeat(32));
    const again = await contribute('1', 'Same transfer twice', 'ab'.repeat(32));
    expect([again.status, again.body]).toMatchObject([409, { code: 'TXID_ALREADY_RECORDED' }]);

    // At or above the threshold (10,000): a second admin approves; the proposer cannot.
    const large = succeeded(await allocate('10000', 'Cover the season'), 201);
    expect(large).toMatchObject({ status: 'awaiting_second_approval', approvedBy: null });
    const self = await approveAllocation(large.id, await admin());
    expect([self.status, self.body]).toMatchObject([409, { code: 'SAME_APPROVER' }]);
    const rejected = await client.ok(fundingOperations.rejectReserveAllocation, {
      token: await second(),
      path: { id: large.id },
    });
    expect(rejected.status).toBe('rejected');

    // More than the fund holds: refused when approved, and nothing moves.
    const tooMuch = new MoneyDecimal(before.balance).plus(12001).toFixed(8);
    const proposal = succeeded(await allocate(tooMuch, 'More than there is'), 201);
    const refused = await approveAllocation(proposal.id, await second());
    expect([refused.status, refused.body]).toMatchObject([400, { code: 'RESERVE_INSUFFICIENT' }]);
    // Below the threshold: applied at once.
    const small = await allocate('10', 'Interest of a season lost to late rains');
    expect(small.body).toMatchObject({ status: 'approved', amount: '10.00000000' });
    expect(await reserve()).toMatchObject({
      balance: new MoneyDecimal(before.balance).plus(11990).toFixed(8),
    });

    const proposed = succeeded(await settle(planId, { action: 'pay_covered' }), 201);
    expect((await approveSettlement(proposed.id, await second())).status).toBe(200);
    await eventually(
      async () => (await balances(investor.user.id)).available === '1010.00000000',
      30_000,
      'the payout covered by reserve',
    );
    expect(await funding(planId)).toMatchObject({ reserveAllocated: '10.00000000', paidOut: '10.00000000' });
    await expectLedgerSound();
  });
});
