// Suitability before investing and the four days to reconsider (issue 25 items 8 and 9, decision 0094), through
// the gateway against the real stack, with the wallet's balances and ledger check after each rule.
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { notificationOperations } from '@cropvest/contracts/notify/api';
import type { OperationBody } from '@cropvest/contracts/operation-call';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { suitabilityOperations } from '@cropvest/contracts/plans/suitability-api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { eventually, registerInvestor, stackClient, type Session } from '../../../test/support/api.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { answerSuitability, approveKycByEvent, verifiedInvestor } from '../../../test/support/kyc.ts';
import { acknowledgement } from '../../../test/support/key-information.ts';
import { balances, fund, ledgerCheck } from '../../../test/support/wallet.ts';
import { createPlan, plansDb } from './support.ts';

jest.setTimeout(120_000);
afterAll(closeConnections);

const client = stackClient();

/** A purchase with the plan's key information acknowledged (that gate is not what these tests are about). */
const buy = async (session: Session, body: OperationBody<typeof plansOperations.invest>) =>
  client.call(plansOperations.invest, {
    token: session.accessToken,
    body: { ...body, ...(await acknowledgement(body.planId)) },
  });
const cancel = (session: Session, id: string) =>
  client.call(suitabilityOperations.cancelInvestment, { token: session.accessToken, path: { id } });
const suitabilityOf = (session: Session) =>
  client.call(suitabilityOperations.mySuitability, { token: session.accessToken });
const answer = (session: Session, body: OperationBody<typeof suitabilityOperations.answerSuitability>) =>
  client.call(suitabilityOperations.answerSuitability, { token: session.accessToken, body });

/** The wallet's transfers of one investment, by kind. */
const transfersOf = async (investmentId: string): Promise<string[]> =>
  (await serviceDb('wallet')('transfers').where({ reference_id: investmentId }).orderBy('created_at')).map(
    (t: { kind: string }) => t.kind,
  );

/** Waits until the wallet has returned the cancelled principal (the outbox event reached it). */
const refunded = (investmentId: string) =>
  eventually(
    async () => (await transfersOf(investmentId)).includes('investment_cancel'),
    15_000,
    'the principal to come back',
  );

/**
 * Ends the window of `ids` `ms` from the database's now (negative: already ended), as if bought four days
 * before; answers the instant. The end of a real window (midnight UTC) is checked from `createdAt` apart.
 */
async function windowEndsIn(ids: string[], ms: number): Promise<Date> {
  const db = plansDb();
  const [row] = await db('investments')
    .whereIn('id', ids)
    .update({ cancellable_until: db.raw('now() + ?::interval', [`${ms} milliseconds`]) })
    .returning('cancellable_until');
  return (row as { cancellable_until: Date }).cancellable_until;
}

describe('suitability before investing', () => {
  it('keeps versioned answers with the loss capacity (10 % of net worth, else of yearly income) and refuses bad answers', async () => {
    const investor = await registerInvestor();
    expect((await suitabilityOf(investor)).body).toEqual({
      required: true,
      answers: null,
    });
    const first = await answer(investor, {
      experience: 'none',
      purpose: 'savings',
      yearlyIncome: '24000.50',
    });
    expect(first).toMatchObject({
      status: 200,
      body: {
        required: true,
        answers: {
          version: 1,
          netWorth: null,
          yearlyIncome: '24000.50000000',
          lossCapacity: '2400.05000000',
          warningThreshold: '1200.02500000',
        },
      },
    });
    const second = await answer(investor, {
      experience: 'some',
      purpose: 'income',
      netWorth: 50000,
      yearlyIncome: '24000',
    });
    expect(second.body).toMatchObject({
      answers: {
        version: 2,
        netWorth: '50000.00000000',
        lossCapacity: '5000.00000000',
        warningThreshold: '2500.00000000',
      },
    });
    expect(await plansDb()('suitability_answers').where({ user_id: investor.user.id })).toHaveLength(2);

    for (const [body, message] of [
      [{ experience: 'none', purpose: 'savings' }, 'Give your net worth or your yearly income'],
      [{ experience: 'lots', purpose: 'savings', netWorth: '1' }, 'experience must be one of'],
      [{ experience: 'none', purpose: 'savings', netWorth: '-5' }, 'Net worth must not be negative'],
      [{ experience: 'none', purpose: 'savings', netWorth: '1', extra: true }, ''],
    ] as const) {
      // Raw: answers the contract's request type cannot hold (one missing, one not among its choices, one extra).
      const { method, path } = suitabilityOperations.answerSuitability;
      const refused = await client.raw(method.toUpperCase(), path, { token: investor.accessToken, body });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(message);
    }
    expect(succeeded(await suitabilityOf(investor)).answers?.version).toBe(2);
  });

  it('refuses to invest without answers, and above 5 % of net worth without the acknowledged warning; records both', async () => {
    const investor = await registerInvestor();
    await fund(investor, '3000');
    await approveKycByEvent(investor.user.id, 'plans');
    const plan = await createPlan({ minSlotPrice: '100' });

    expect(await buy(investor, { planId: plan.id, slotsPurchased: 1 })).toMatchObject({
      status: 403,
      body: { code: 'SUITABILITY_REQUIRED' },
    });
    // Net worth 20,000: capacity 2,000, warning above 1,000.
    await answerSuitability(investor, { experience: 'none', purpose: 'savings', netWorth: '20000' });
    const small = await buy(investor, { planId: plan.id, slotsPurchased: 10 });
    expect(small.status).toBe(201);

    const large = await buy(investor, { planId: plan.id, slotsPurchased: 11 });
    expect(large).toMatchObject({ status: 400, body: { code: 'LOSS_WARNING_NOT_ACKNOWLEDGED' } });
    expect(large.body).toMatchObject({ message: expect.stringContaining('1100.00 USDT') });
    expect(large.body).toMatchObject({ message: expect.stringContaining('2000.00 USDT') });
    const aboveCapacity = await buy(investor, {
      planId: plan.id,
      slotsPurchased: 21,
      acknowledgedLossWarning: false,
    });
    expect(aboveCapacity.status).toBe(400);
    expect(aboveCapacity.body).toMatchObject({
      message: expect.stringContaining('more than the 2000.00 USDT you can bear to lose'),
    });
    expect(await balances(investor.user.id)).toMatchObject({
      available: '2000.00000000',
      invested: '1000.00000000',
    });

    const acknowledged = await buy(investor, {
      planId: plan.id,
      slotsPurchased: 11,
      acknowledgedLossWarning: true,
    });
    expect(acknowledged.status).toBe(201);
    const answers = await plansDb()('suitability_answers').where({ user_id: investor.user.id }).first();
    expect(
      await plansDb()('investments')
        .where({ id: succeeded(acknowledged, 201).id })
        .first(),
    ).toMatchObject({
      suitability_answers_id: answers.id,
      loss_warning: expect.stringContaining('1100.00 USDT is more than 5 % of your net worth'),
    });
    expect(
      await plansDb()('investments')
        .where({ id: succeeded(small, 201).id })
        .first(),
    ).toMatchObject({
      suitability_answers_id: answers.id,
      loss_warning: null,
    });
    expect(await balances(investor.user.id)).toMatchObject({
      available: '900.00000000',
      invested: '2100.00000000',
    });
    expect((await ledgerCheck()).problems).toEqual([]);
  });
});

describe('four days to reconsider', () => {
  it('cancels within the window: principal back in full, no interest, slots back, status cancelled everywhere', async () => {
    const investor = await verifiedInvestor('500', 'plans');
    const plan = await createPlan({ minSlotPrice: '100', totalSlots: 10 });
    const answered = await buy(investor, { planId: plan.id, slotsPurchased: 3 });
    expect(answered.status).toBe(201);
    const bought = succeeded(answered, 201);
    // The end of the fourth calendar day (UTC) after the day of purchase.
    const day = new Date(bought.createdAt);
    const expectedEnd = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 5);
    expect(bought).toMatchObject({
      cancellable: true,
      cancelledAt: null,
      cancellableUntil: new Date(expectedEnd).toISOString(),
    });
    // An accrual written meanwhile is deleted: nothing is ever paid on a cancelled investment.
    await plansDb()('accruals').insert({ investment_id: bought.id, day: '2026-01-01', amount: '1.5' });

    const cancelled = await cancel(investor, bought.id);
    expect(cancelled).toMatchObject({
      status: 200,
      body: { id: bought.id, status: 'cancelled', cancellable: false, interestEarned: '0.00000000' },
    });
    await refunded(bought.id);
    expect(await balances(investor.user.id)).toMatchObject({
      available: '500.00000000',
      invested: '0.00000000',
    });
    expect(await plansDb()('accruals').where({ investment_id: bought.id })).toEqual([]);
    expect(await plansDb()('plans').where({ id: plan.id }).first()).toMatchObject({ available_slots: 10 });
    expect(
      (await client.ok(plansOperations.myInvestments, { token: investor.accessToken }))[0],
    ).toMatchObject({
      id: bought.id,
      status: 'cancelled',
      cancelledAt: expect.any(String),
    });
    const history = await client.ok(walletOperations.myTransactions, {
      token: investor.accessToken,
      query: { type: 'investments' },
    });
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'investment',
          direction: 'in',
          amount: '300.00000000',
          description: expect.stringContaining('Investment cancelled (principal returned)'),
        }),
      ]),
    );
    expect(await transfersOf(bought.id)).toEqual(['investment', 'investment_cancel']);
    expect((await ledgerCheck()).problems).toEqual([]);
    // The investor is told, with the principal returned.
    const notice = await eventually(
      async () =>
        (
          await client.ok(notificationOperations.myNotifications, {
            token: investor.accessToken,
            query: { pageSize: 50 },
          })
        ).find((item) => item.title === 'Investment cancelled'),
      30_000,
      'the cancellation notice',
    );
    expect(notice.message).toContain('300.00 USDT principal is back in your available balance, in full');
  });

  it('refuses after the window, for someone else (404), twice at once exactly one moves money', async () => {
    const investor = await verifiedInvestor('500', 'plans');
    const stranger = await verifiedInvestor('100', 'plans');
    const plan = await createPlan({ minSlotPrice: '100' });
    const late = succeeded(await buy(investor, { planId: plan.id, slotsPurchased: 1 }), 201);
    const raced = succeeded(await buy(investor, { planId: plan.id, slotsPurchased: 2 }), 201);

    const ended = await windowEndsIn([late.id], -1);
    const refused = await cancel(investor, late.id);
    expect(refused).toMatchObject({ status: 409, body: { code: 'CANCELLATION_PERIOD_OVER' } });
    expect(refused.body).toMatchObject({
      message: `The four days to reconsider ended at ${ended.toISOString()}; the investment stays locked until harvest`,
    });
    expect(await client.ok(plansOperations.myInvestments, { token: investor.accessToken })).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: late.id, status: 'active', cancellable: false }),
      ]),
    );

    expect(await cancel(stranger, raced.id)).toMatchObject({
      status: 404,
      body: { code: 'INVESTMENT_NOT_FOUND' },
    });

    const answers = await Promise.all(Array.from({ length: 5 }, () => cancel(investor, raced.id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((a) => a.status !== 200))
      expect(a).toMatchObject({ status: 409, body: { code: 'INVESTMENT_ALREADY_CANCELLED' } });
    await refunded(raced.id);
    expect(await transfersOf(raced.id)).toEqual(['investment', 'investment_cancel']);
    expect(await balances(investor.user.id)).toMatchObject({
      available: '400.00000000',
      invested: '100.00000000',
    });
    expect((await ledgerCheck()).problems).toEqual([]);
  });

  it("decides a cancellation racing the window's end by the database's clock", async () => {
    const investor = await verifiedInvestor('1200', 'plans');
    const plan = await createPlan({ minSlotPrice: '100' });
    const bought: string[] = [];
    for (let i = 0; i < 12; i++)
      bought.push(succeeded(await buy(investor, { planId: plan.id, slotsPurchased: 1 }), 201).id);
    // Every window ends at the same instant, a second from now by the database's clock.
    const end = await windowEndsIn(bought, 1000);
    const outcomes: number[] = [];
    for (const [i, id] of bought.entries()) {
      // The last two only once the database's clock is past the end: those must be refused.
      if (i === bought.length - 2)
        await eventually(
          async () => (await plansDb().raw('SELECT now() > ?::timestamptz AS over', [end])).rows[0].over,
          10_000,
          'the window to end',
        );
      outcomes.push((await cancel(investor, id)).status);
    }
    expect(outcomes[0]).toBe(200);
    expect(outcomes.slice(-2)).toEqual([409, 409]);
    // Cancelled ones before refused ones, and each cancellation stamped inside the window.
    expect(outcomes.join(',')).toMatch(/^(200,)+(409,?)+$/);
    const rows = await plansDb()('investments').whereIn('id', bought);
    for (const row of rows) {
      if (row.status === 'cancelled') expect(row.cancelled_at.getTime()).toBeLessThan(end.getTime());
      else expect(row.status).toBe('active');
    }
    const cancelledCount = outcomes.filter((s) => s === 200).length;
    await eventually(
      async () => (await balances(investor.user.id)).available === `${100 * cancelledCount}.00000000`,
      15_000,
      'the cancelled principal to come back',
    );
    expect((await balances(investor.user.id)).invested).toBe(`${100 * (12 - cancelledCount)}.00000000`);
    expect((await ledgerCheck()).problems).toEqual([]);
  });
});
