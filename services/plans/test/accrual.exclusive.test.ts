// Days cannot be waited for, so these tests buy through the API today and then move the plan and its
// investments back in time in this service's own schema; the accrual runs as an operator would run it:
// `npm run accrue -- --until YYYY-MM-DD`. Exclusive: a run accrues every plan through the day it is given, so
// another suite's run between two of these would move this suite's days (the funding suites run it often).
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { Decimal } from 'decimal.js';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { dashboardOperations } from '@cropvest/contracts/reports/dashboard-api';
import { adminSession, eventually, stack, stackClient } from '../../../test/support/api.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { eventHandled, publishEvent } from '../../../test/support/bus.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { verifiedInvestor } from '../../../test/support/kyc.ts';
import { balances, ledgerCheck } from '../../../test/support/wallet.ts';
import { recordProceeds } from '../../../test/support/funding.ts';
import {
  accrualsOf,
  createPlan,
  expectedAccruals,
  heldSlot,
  isoDay,
  planFields,
  plansDb,
  runAccrueCommand,
  shiftBack,
  simpleTerms,
} from './support.ts';
import { acknowledgement } from '../../../test/support/key-information.ts';

jest.setTimeout(120_000);
afterAll(closeConnections);

const client = stackClient();

const investmentOf = async (token: string, id: string) =>
  (await client.ok(plansOperations.myInvestments, { token })).find((i) => i.id === id);

describe('accrual metrics', () => {
  it('the plans process reports its accrual runs (the boot run at least), rows written and harvests', async () => {
    const sample = async (name: string) => {
      const scraped = await (await fetch(stack().metrics.plans as string)).text();
      const line = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+(?:\\.\\d+)?)$`, 'm').exec(scraped);
      return line ? Number(line[1]) : undefined;
    };
    await eventually(
      async () => ((await sample('accrual_run_duration_seconds_count')) ?? 0) >= 1,
      30_000,
      'the boot accrual run',
    );
    expect(await sample('accrual_rows_total')).toBeGreaterThanOrEqual(0);
    expect(await sample('harvest_payouts_total')).toBeGreaterThanOrEqual(0);
  });
});

describe('daily interest accrual and harvest', () => {
  it('accrues exact half-even amounts, once per day, catching up 10 missed days, stops at the end date, and harvest pays once', async () => {
    // Rate 2.50 on 100.0000002: 2.500000005 a day, a tie at the 8th place that half-even rounds down (half-up: 2.50000001).
    const even = await createPlan({
      title: 'Tie to even',
      minSlotPrice: '100.0000002',
      dailyInterestRate: '2.50',
      startDate: isoDay(0),
      endDate: isoDay(10),
    });
    // Rate 2.25 on an odd principal: 370.37036703 × 0.0225 = 8.333333258175 a day.
    const odd = await createPlan({
      title: 'Odd principal',
      minSlotPrice: '123.45678901',
      dailyInterestRate: '2.25',
      startDate: isoDay(0),
      endDate: isoDay(10),
    });
    const a = await verifiedInvestor('1000', 'plans');
    const b = await verifiedInvestor('1000', 'plans');
    const buyA = await client.call(plansOperations.invest, {
      token: a.accessToken,
      body: { planId: even.id, ...(await acknowledgement(even.id)), slotsPurchased: 1 },
    });
    const buyB = await client.call(plansOperations.invest, {
      token: b.accessToken,
      body: {
        planId: odd.id,
        ...(await acknowledgement(odd.id)),
        slotsPurchased: 3,
        principal: '370.37036703',
      },
    });
    expect([buyA.status, buyB.status]).toEqual([201, 201]);
    const [idA, idB] = [succeeded(buyA, 201).id, succeeded(buyB, 201).id];
    // Rounding and catching up are about one day's amount: these two accrue simple interest.
    await simpleTerms(idA);
    await simpleTerms(idB);
    // Both plans ran from 12 days ago to 2 days ago: 10 days, none accrued yet.
    await shiftBack(even.id, 12);
    await shiftBack(odd.id, 12);

    const partial = await runAccrueCommand(isoDay(-8));
    expect(partial.code).toBe(0);
    expect((await accrualsOf(idA)).map((r) => r.day)).toEqual([
      isoDay(-12),
      isoDay(-11),
      isoDay(-10),
      isoDay(-9),
      isoDay(-8),
    ]);
    expect(new Set((await accrualsOf(idA)).map((r) => r.amount))).toEqual(new Set(['2.50000000']));
    expect(new Set((await accrualsOf(idB)).map((r) => r.amount))).toEqual(new Set(['8.33333326']));
    expect(await investmentOf(a.accessToken, idA)).toMatchObject({
      status: 'active',
      interestEarned: '12.50000000',
    });
    expect(await investmentOf(b.accessToken, idB)).toMatchObject({
      status: 'active',
      interestEarned: '41.66666630',
    });

    // Running it again for the same days changes nothing.
    expect((await runAccrueCommand(isoDay(-8))).code).toBe(0);
    expect(await accrualsOf(idA)).toHaveLength(5);

    // Up to yesterday: the rest of the 10 days, nothing on or after the end day, then the harvest, which a funded
    // plan pays from its proceeds (decision 0091): the buyers paid what the interest needs.
    await recordProceeds(even.id, '25.00000000');
    await recordProceeds(odd.id, '83.33333260');
    const rest = await runAccrueCommand();
    expect(rest.code).toBe(0);
    expect((await accrualsOf(idA)).map((r) => r.day)).toEqual(
      Array.from({ length: 10 }, (_, i) => isoDay(-12 + i)),
    );
    expect(await accrualsOf(idB)).toHaveLength(10);
    expect(await investmentOf(a.accessToken, idA)).toMatchObject({
      status: 'completed',
      interestEarned: '25.00000000',
      principal: '100.00000020',
    });
    expect(await investmentOf(b.accessToken, idB)).toMatchObject({
      status: 'completed',
      interestEarned: '83.33333260',
      principal: '370.37036703',
    });

    // The wallet pays principal and interest to available, once.
    await eventually(
      async () => (await balances(a.user.id)).available === '1025.00000000',
      15_000,
      'the harvest of A',
    );
    await eventually(
      async () => (await balances(b.user.id)).available === '1083.33333260',
      15_000,
      'the harvest of B',
    );
    expect(await balances(a.user.id)).toMatchObject({ invested: '0.00000000' });
    // Each investor is told once, with their plan's totals (decision 0134).
    const harvestNotices = (userId: string) =>
      serviceDb('notify')('notifications')
        .where({ user_id: userId, title: 'Harvest paid' })
        .select('message');
    const [noticeA] = await eventually(
      async () => {
        const notices = await harvestNotices(a.user.id);
        return notices.length > 0 ? notices : undefined;
      },
      15_000,
      "A's harvest notice",
    );
    expect(noticeA?.message).toBe(
      'Your crop season has been harvested: 100.00 USDT principal and 25.00 USDT interest were added to your available balance.',
    );

    // Again, and a redelivered harvest under a new event id: nothing more is paid.
    expect((await runAccrueCommand()).code).toBe(0);
    const redelivered = await publishEvent('investment.harvested', {
      investmentId: idA,
      userId: a.user.id,
      planId: even.id,
      principal: '100.00000020',
      interest: '25.00000000',
    });
    await eventHandled('wallet', 'wallet-investment-harvested', redelivered.id);
    expect(await balances(a.user.id)).toMatchObject({ available: '1025.00000000', invested: '0.00000000' });
    expect(await accrualsOf(idA)).toHaveLength(10);
    expect((await ledgerCheck()).problems).toEqual([]);
    // The second run announced nothing again: one announcement of the plan, one notice.
    const announcements = await plansDb()('outbox')
      .where({ type: 'plan.harvest_paid' })
      .whereRaw(`envelope->'data'->>'planId' = ?`, [even.id]);
    expect(announcements).toHaveLength(1);
    expect(await harvestNotices(a.user.id)).toHaveLength(1);
    // The harvested investment counts in the landing page's figures.
    expect((await client.ok(dashboardOperations.publicStats)).harvestsPaid).toBeGreaterThanOrEqual(2);
  });

  it('accrues from the day of the investment when it was bought after the start, at the rate it was bought with, and never days that are not over', async () => {
    // The plan started 20 days ago; the investment was made 4 days ago.
    const { planId, holder: late, investmentId } = await heldSlot(20);
    await simpleTerms(investmentId);
    await plansDb().raw(`UPDATE investments SET created_at = now() - interval '4 days' WHERE id = ?`, [
      investmentId,
    ]);

    const first = await runAccrueCommand(isoDay(-3));
    expect(first.code).toBe(0);
    expect((await accrualsOf(investmentId)).map((r) => r.day)).toEqual([isoDay(-4), isoDay(-3)]);

    // The admin doubles the plan's rate: the investment keeps the rate it was bought with (later buyers get 0.20).
    const admin = await adminSession();
    const current = (await client.ok(plansOperations.plans, { token: admin.accessToken })).find(
      (p) => p.id === planId,
    );
    if (!current) throw new Error('the plan list lacks the plan');
    const edited = await client.call(plansOperations.updatePlan, {
      token: admin.accessToken,
      path: { id: planId },
      body: planFields({
        minSlotPrice: '1000',
        dailyInterestRate: '0.20',
        startDate: current.startDate,
        endDate: current.endDate,
      }),
    });
    expect(edited.status).toBe(200);

    const run = await runAccrueCommand(isoDay(+5));
    expect(run.code).toBe(0);
    expect(run.report?.through).toBe(isoDay(-1));
    expect(await accrualsOf(investmentId)).toEqual([
      { day: isoDay(-4), amount: '1.00000000' },
      { day: isoDay(-3), amount: '1.00000000' },
      { day: isoDay(-2), amount: '1.00000000' },
      { day: isoDay(-1), amount: '1.00000000' },
    ]);
    expect(await investmentOf(late.accessToken, investmentId)).toMatchObject({
      status: 'active',
      interestEarned: '4.00000000',
      interestRate: '0.10',
      compoundInterest: false,
    });
    // Principal and interest stay out of reach until the harvest.
    expect(await balances(late.user.id)).toMatchObject({
      available: '0.00000000',
      invested: '1000.00000000',
    });
  });

  it('compounds an investment bought with Auto compound interest on (the default): each day on principal plus the interest so far, against figures computed apart with decimal.js', async () => {
    // An odd principal and rate so that rounding matters every day.
    const plan = await createPlan({
      title: 'Compounding barley',
      minSlotPrice: '987.65432109',
      dailyInterestRate: '1.37',
      startDate: isoDay(0),
      endDate: isoDay(12),
    });
    const holder = await verifiedInvestor('2000', 'plans');
    const answer = await client.call(plansOperations.invest, {
      token: holder.accessToken,
      body: { planId: plan.id, ...(await acknowledgement(plan.id)), slotsPurchased: 1 },
    });
    expect(answer.status).toBe(201);
    const bought = succeeded(answer, 201);
    expect(bought).toMatchObject({ interestRate: '1.37', compoundInterest: true });
    await shiftBack(plan.id, 14);

    // Part of the season, then the rest: the running interest carries over between runs. The proceeds pay the
    // interest at the harvest (decision 0091).
    // The running interest the next day starts from (migration 015) is the sum of the days accrued so far.
    const runningInterest = async () =>
      (
        await plansDb().raw<{ rows: { accrued_interest: string }[] }>(
          'SELECT accrued_interest FROM compounding_interest WHERE investment_id = ?',
          [bought.id],
        )
      ).rows[0]?.accrued_interest;
    expect((await runAccrueCommand(isoDay(-10))).code).toBe(0);
    const daysSoFar = (await accrualsOf(bought.id)).length;
    expect(daysSoFar).toBeGreaterThan(1);
    expect(await runningInterest()).toBe(expectedAccruals('987.65432109', '1.37', daysSoFar, true).total);
    await recordProceeds(plan.id, expectedAccruals('987.65432109', '1.37', 12, true).total);
    expect((await runAccrueCommand()).code).toBe(0);
    const compound = expectedAccruals('987.65432109', '1.37', 12, true);
    const simple = expectedAccruals('987.65432109', '1.37', 12, false);
    expect((await accrualsOf(bought.id)).map((r) => r.amount)).toEqual(compound.amounts);
    // Compounding earns more than simple interest would have, and the figures are not simple's.
    expect(compound.total).not.toBe(simple.total);
    expect(Number(compound.total)).toBeGreaterThan(Number(simple.total));
    expect(await investmentOf(holder.accessToken, bought.id)).toMatchObject({
      status: 'completed',
      interestEarned: compound.total,
    });
    expect(await runningInterest()).toBe(compound.total);
    await eventually(
      async () =>
        (await balances(holder.user.id)).available === new Decimal('2000').plus(compound.total).toFixed(8),
      15_000,
      'the compounded harvest paid',
    );
  });

  it('refuses a malformed --until', async () => {
    const run = await runAccrueCommand('2026-13-45');
    expect({ code: run.code, output: run.output }).toMatchObject({
      code: 2,
      output: expect.stringContaining('usage: npm run accrue'),
    });
  });
});
