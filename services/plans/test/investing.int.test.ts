import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { sendCommand } from '@cropvest/service-kit/bus';
import { notificationOperations } from '@cropvest/contracts/notify/api';
import type { OperationBody } from '@cropvest/contracts/operation-call';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { dashboardOperations } from '@cropvest/contracts/reports/dashboard-api';
import {
  adminSession,
  eventually,
  registerInvestor,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { closeConnections, nats } from '../../../test/support/connections.ts';
import { answerSuitability, verifiedInvestor } from '../../../test/support/kyc.ts';
import { balances, fund, ledgerCheck } from '../../../test/support/wallet.ts';
import { approveKycThroughReview, createPlan, isoDay, plansDb } from './support.ts';
import { acknowledgement } from '../../../test/support/key-information.ts';

jest.setTimeout(240_000);
afterAll(closeConnections);

const client = stackClient();

const planOf = async (id: string) =>
  (await client.ok(plansOperations.plans, { token: (await adminSession()).accessToken })).find(
    (p) => p.id === id,
  );
const invest = (token: string, body: OperationBody<typeof plansOperations.invest>) =>
  client.call(plansOperations.invest, { token, body });
const myInvestments = (token: string) => client.ok(plansOperations.myInvestments, { token });

/** Runs `work` over `items` with at most `limit` in flight (the machine is shared). */
async function pool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i] as T);
      }
    }),
  );
  return results;
}

describe('buying slots', () => {
  it('when 200 funded buyers race for a plan with 50 slots, exactly 50 get one, and nobody is debited without an investment', async () => {
    const plan = await createPlan({ title: 'Hot almonds', totalSlots: 50, minSlotPrice: '100' });
    const buyers = await pool(
      Array.from({ length: 200 }, (_, i) => i),
      16,
      () => verifiedInvestor('100', 'plans'),
    );

    const acknowledged = await acknowledgement(plan.id);
    const results = await Promise.all(
      buyers.map((b) =>
        invest(b.accessToken, {
          planId: plan.id,
          ...acknowledged,
          slotsPurchased: 1,
          principal: '100.00000000',
        }),
      ),
    );
    const won = results.filter((r) => r.status === 201);
    const lost = results.filter((r) => r.status !== 201);
    expect(won).toHaveLength(50);
    for (const r of lost)
      expect(r).toMatchObject({
        status: 400,
        body: { code: 'NOT_ENOUGH_SLOTS', message: 'This plan is fully booked' },
      });
    expect(await planOf(plan.id)).toMatchObject({ totalSlots: 50, availableSlots: 0 });
    expect(
      (await client.ok(plansOperations.plans, { query: { active: 'true' } })).map((p) => p.id),
    ).not.toContain(plan.id);

    const winners = new Set(won.map((r) => succeeded(r, 201).userId));
    expect(winners.size).toBe(50);
    const wallets = await pool(buyers, 20, async (b) => ({ id: b.user.id, ...(await balances(b.user.id)) }));
    for (const w of wallets) {
      expect(w).toMatchObject(
        winners.has(w.id)
          ? { available: '0.00000000', invested: '100.00000000' }
          : { available: '100.00000000', invested: '0.00000000' },
      );
    }
    const rows = await plansDb()('investments').where({ plan_id: plan.id }).select('status', 'user_id');
    expect(rows.filter((r) => r.status === 'active')).toHaveLength(50);
    expect(rows.filter((r) => r.status !== 'active')).toHaveLength(0);
    expect((await ledgerCheck()).problems).toEqual([]);
  });

  it('answers 400 Insufficient balance, returns the slots and debits nothing', async () => {
    const buyer = await verifiedInvestor('150', 'plans');
    const plan = await createPlan({ totalSlots: 10, minSlotPrice: '100' });
    const result = await invest(buyer.accessToken, {
      planId: plan.id,
      ...(await acknowledgement(plan.id)),
      slotsPurchased: 2,
      principal: '200',
    });
    expect(result).toMatchObject({
      status: 400,
      body: { message: 'Insufficient balance', code: 'INSUFFICIENT_BALANCE' },
    });
    expect(await planOf(plan.id)).toMatchObject({ availableSlots: 10 });
    expect(await balances(buyer.user.id)).toMatchObject({
      available: '150.00000000',
      invested: '0.00000000',
    });
    expect(await myInvestments(buyer.accessToken)).toEqual([]);
    expect(
      await plansDb()('investments').where({ plan_id: plan.id }).select('status', 'failure_reason'),
    ).toEqual([{ status: 'failed', failure_reason: 'Insufficient balance' }]);
    // One slot is affordable.
    expect(
      (
        await invest(buyer.accessToken, {
          planId: plan.id,
          ...(await acknowledgement(plan.id)),
          slotsPurchased: 1,
        })
      ).status,
    ).toBe(201);
    expect(await balances(buyer.user.id)).toMatchObject({
      available: '50.00000000',
      invested: '100.00000000',
    });
    expect((await ledgerCheck()).problems).toEqual([]);
  });

  it('when one investor sends 10 purchases at once with money for 3, exactly 3 succeed and the rest give their slots back', async () => {
    const buyer = await verifiedInvestor('350', 'plans');
    const plan = await createPlan({ totalSlots: 20, minSlotPrice: '100' });
    const acknowledged = await acknowledgement(plan.id);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        invest(buyer.accessToken, { planId: plan.id, ...acknowledged, slotsPurchased: 1 }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    for (const r of results.filter((x) => x.status !== 201))
      expect(r.body).toMatchObject({ message: 'Insufficient balance' });
    expect(await planOf(plan.id)).toMatchObject({ availableSlots: 17 });
    expect(await balances(buyer.user.id)).toMatchObject({
      available: '50.00000000',
      invested: '300.00000000',
    });
    expect((await ledgerCheck()).problems).toEqual([]);
  });

  it('computes the principal on the server, lists the investment with its plan, and tells the admin who bought', async () => {
    const buyer = await verifiedInvestor('1000', 'plans');
    const plan = await createPlan({
      title: 'Coffee cooperative',
      minSlotPrice: '123.45678901',
      dailyInterestRate: '0.08',
    });
    const answer = await invest(buyer.accessToken, {
      planId: plan.id,
      ...(await acknowledgement(plan.id)),
      slotsPurchased: 3,
    });
    expect(answer.status).toBe(201);
    const bought = succeeded(answer, 201);
    expect(bought).toMatchObject({
      userId: buyer.user.id,
      planId: plan.id,
      slotsPurchased: 3,
      principal: '370.37036703',
      interestEarned: '0.00000000',
      status: 'active',
      plan: { title: 'Coffee cooperative', dailyInterestRate: '0.08', durationDays: 30 },
    });
    expect(await balances(buyer.user.id)).toMatchObject({
      available: '629.62963297',
      invested: '370.37036703',
    });

    const mine = await myInvestments(buyer.accessToken);
    // The list adds the newest field report and the plan's coverage (nothing due from proceeds yet) to the purchase.
    expect(mine).toEqual([
      {
        ...bought,
        latestFieldReport: null,
        planCoverage: {
          proceedsRecorded: false,
          proceeds: '0.00000000',
          reserveAllocated: '0.00000000',
          due: '0.00000000',
          coverage: null,
        },
      },
    ]);
    const other = await registerInvestor();
    expect(await myInvestments(other.accessToken)).toEqual([]);

    const all = await client.ok(plansOperations.adminInvestments, {
      token: (await adminSession()).accessToken,
      query: { userId: buyer.user.id },
    });
    expect(all.find((i) => i.id === bought.id)).toMatchObject({
      user: { name: 'Test Investor', email: buyer.user.email },
      plan: { title: 'Coffee cooperative' },
    });

    // investment.created reaches the investor as a notification.
    await eventually(
      async () =>
        (await client.ok(notificationOperations.myNotifications, { token: buyer.accessToken })).some(
          (n) => n.type === 'investment',
        ),
      15_000,
      'the investment notification',
    );
  });

  it('needs an approved KYC while requireKycForInvesting is on (the default), through the KYC review', async () => {
    const buyer = await registerInvestor();
    await fund(buyer, '500');
    const plan = await createPlan();
    const refused = await invest(buyer.accessToken, {
      planId: plan.id,
      ...(await acknowledgement(plan.id)),
      slotsPurchased: 1,
    });
    expect(refused).toMatchObject({
      status: 403,
      body: { code: 'KYC_REQUIRED', message: 'Please complete KYC verification before investing' },
    });
    expect(await planOf(plan.id)).toMatchObject({ availableSlots: 100 });
    await approveKycThroughReview(buyer);
    await answerSuitability(buyer);
    expect(
      (
        await invest(buyer.accessToken, {
          planId: plan.id,
          ...(await acknowledgement(plan.id)),
          slotsPurchased: 1,
        })
      ).status,
    ).toBe(201);
  });

  it('answers the dashboard figures over cmd.plans.stats', async () => {
    const stats = await sendCommand<{
      totalInvested: string;
      activePlans: number;
      activeInvestments: number;
      harvestsPaid: number;
    }>(await nats(), 'cmd.plans.stats', {});
    expect(stats.totalInvested).toMatch(/^\d+\.\d{8}$/);
    expect(stats.activePlans).toBeGreaterThan(0);
    const dashboard = await client.ok(dashboardOperations.adminDashboard, {
      token: (await adminSession()).accessToken,
    });
    expect(dashboard.activeInvestments).toEqual(expect.any(Number));
    expect(dashboard.unavailable).not.toContain('plans');
  });
});

describe('bad input changes nothing', () => {
  let buyer: Session;
  let plan: { id: string };
  it.each([
    ['zero slots', { slotsPurchased: 0 }, 400, 'Slots must be at least 1'],
    ['negative slots', { slotsPurchased: -2 }, 400, 'Slots must be at least 1'],
    ['fractional slots', { slotsPurchased: 1.5 }, 400, 'Slots must be a whole number'],
    ['non-numeric slots', { slotsPurchased: 'two' }, 400, 'Slots must be a number'],
    ['missing slots', { slotsPurchased: undefined }, 400, 'Slots is required'],
    ['more slots than available', { slotsPurchased: 6 }, 400, 'Only 5 slots available'],
    [
      'a differing principal',
      { slotsPurchased: 1, principal: '99.99' },
      400,
      'Principal must equal slot price × slots (100.00000000)',
    ],
    [
      'a principal that is not a number',
      { slotsPurchased: 1, principal: 'lots' },
      400,
      'Principal must equal slot price × slots (100.00000000)',
    ],
    ['a plan id that does not exist', { planId: randomUUID(), slotsPurchased: 1 }, 404, 'Plan not found'],
    ['a malformed plan id', { planId: 'plan-1', slotsPurchased: 1 }, 400, 'planId must be a valid id'],
    ['an unknown field', { slotsPurchased: 1, discount: 50 }, 400, undefined],
  ])('refuses %s', async (_case, override, status, message) => {
    buyer ??= await verifiedInvestor('1000', 'plans');
    plan ??= await createPlan({ totalSlots: 5, minSlotPrice: '100' });
    // Raw: most of these bodies are what the contract's request type cannot express.
    const { method, path } = plansOperations.invest;
    const result = await client.raw(method.toUpperCase(), path, {
      token: buyer.accessToken,
      body: { planId: plan.id, ...(await acknowledgement(plan.id)), ...override },
    });
    expect(result.status).toBe(status);
    if (message) expect(result.body).toMatchObject({ message });
    expect(await planOf(plan.id)).toMatchObject({ availableSlots: 5 });
    expect(await balances(buyer.user.id)).toMatchObject({
      available: '1000.00000000',
      invested: '0.00000000',
    });
  });

  it('refuses an inactive plan, an ended plan, and principals outside the interest settings', async () => {
    const b = await verifiedInvestor('20000', 'plans');
    const inactive = await createPlan({ isActive: false });
    expect(
      await invest(b.accessToken, {
        planId: inactive.id,
        ...(await acknowledgement(inactive.id)),
        slotsPurchased: 1,
      }),
    ).toMatchObject({ status: 400, body: { message: 'This plan is not open for investment' } });
    const ended = await createPlan({ startDate: isoDay(-20), endDate: isoDay(-1) });
    expect(
      await invest(b.accessToken, {
        planId: ended.id,
        ...(await acknowledgement(ended.id)),
        slotsPurchased: 1,
      }),
    ).toMatchObject({ status: 400, body: { message: 'This plan has ended' } });
    const cheap = await createPlan({ minSlotPrice: '10' });
    expect(
      await invest(b.accessToken, {
        planId: cheap.id,
        ...(await acknowledgement(cheap.id)),
        slotsPurchased: 9,
      }),
    ).toMatchObject({
      status: 400,
      body: { code: 'BELOW_MINIMUM', message: 'Minimum investment is 100.00 USDT' },
    });
    const dear = await createPlan({ minSlotPrice: '6000' });
    expect(
      await invest(b.accessToken, {
        planId: dear.id,
        ...(await acknowledgement(dear.id)),
        slotsPurchased: 2,
      }),
    ).toMatchObject({
      status: 400,
      body: { code: 'ABOVE_MAXIMUM', message: 'Maximum investment is 10000.00 USDT' },
    });
    // A plan that starts later can be bought now.
    const later = await createPlan({ startDate: isoDay(5), endDate: isoDay(40) });
    expect(
      (
        await invest(b.accessToken, {
          planId: later.id,
          ...(await acknowledgement(later.id)),
          slotsPurchased: 1,
        })
      ).status,
    ).toBe(201);
    expect(await balances(b.user.id)).toMatchObject({
      available: '19900.00000000',
      invested: '100.00000000',
    });
  });
});
