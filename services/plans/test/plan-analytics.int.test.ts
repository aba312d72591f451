// Plan Analytics and the admin plan list (issue 13 section 1): the figures of a plan the test fills and moves
// back in time equal the sums of its own investments and accruals, and what is due at harvest equals the harvest
// calendar's figure for that day; both lists answer only admins (their paging: plan-paging.exclusive.test.ts).
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { plansOperations } from '@cropvest/contracts/plans/api';
import type { PlanAnalytics } from '@cropvest/contracts/plans/plan-analytics';
import { reportOperations } from '@cropvest/contracts/reports/api';
import { adminSession, registerInvestor, stackClient } from '../../../test/support/api.ts';
import { succeeded } from '../../../test/support/answers.ts';
import { recordProceeds } from '../../../test/support/funding.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { verifiedInvestor } from '../../../test/support/kyc.ts';
import { createPlan, isoDay, plansDb, runAccrueCommand, shiftBack, simpleTerms } from './support.ts';
import { acknowledgement } from '../../../test/support/key-information.ts';

jest.setTimeout(120_000);
afterAll(closeConnections);

const client = stackClient();

const buy = async (token: string, planId: string, slotsPurchased: number): Promise<string> => {
  const bought = await client.call(plansOperations.invest, {
    token,
    body: { planId, slotsPurchased, ...(await acknowledgement(planId)) },
  });
  return succeeded(bought, 201).id;
};

/** Every analytics row, page by page, from the admin API. */
async function allAnalytics(token: string): Promise<PlanAnalytics[]> {
  const rows: PlanAnalytics[] = [];
  for (let page = 1; ; page++) {
    const result = await client.call(plansOperations.planAnalytics, { token, query: { page, pageSize: 50 } });
    expect(result.status).toBe(200);
    const pageRows = succeeded(result);
    rows.push(...pageRows);
    if (pageRows.length < 50) return rows;
  }
}

describe('GET /api/admin/plans/analytics', () => {
  it("sums a plan's own investments and accruals, and owes at harvest what the harvest calendar says", async () => {
    const admin = await adminSession();
    // 1000 a slot at 0.10 % a day: each slot earns 1.00000000 a day.
    const plan = await createPlan({
      title: 'Analytics barley',
      minSlotPrice: '1000',
      dailyInterestRate: '0.10',
      totalSlots: 40,
      startDate: isoDay(0),
      endDate: isoDay(30),
    });
    const idle = await createPlan({ title: 'Analytics idle millet' });
    const first = await verifiedInvestor('3000', 'plans');
    const second = await verifiedInvestor('1000', 'plans');
    const bought = [
      await buy(first.accessToken, plan.id, 2),
      await buy(first.accessToken, plan.id, 1),
      await buy(second.accessToken, plan.id, 1),
    ];
    for (const id of bought) await simpleTerms(id);
    // Three days ago it started and all four slots were bought; the accrual catches up through yesterday.
    await shiftBack(plan.id, 3);
    const accrued = await runAccrueCommand();
    expect(accrued.code).toBe(0);

    const rows = await allAnalytics(admin.accessToken);
    const row = rows.find((r) => r.planId === plan.id);
    if (!row) throw new Error('Plan Analytics lists no row of the plan');
    const source = (
      await plansDb().raw(
        `SELECT sum(i.principal)::numeric(38,8)::text AS principal, count(DISTINCT i.user_id)::int AS investors,
                (SELECT sum(a.amount) FROM accruals a JOIN investments x ON x.id = a.investment_id
                  WHERE x.plan_id = ?)::numeric(38,8)::text AS accrued
           FROM investments i WHERE i.plan_id = ? AND i.status = 'active'`,
        [plan.id, plan.id],
      )
    ).rows[0];
    expect(source).toEqual({ principal: '4000.00000000', investors: 2, accrued: '12.00000000' });
    expect(row).toMatchObject({
      title: 'Analytics barley',
      isActive: true,
      totalSlots: 40,
      slotsSold: 4,
      fillRate: '10.0',
      // Created three days ago: four days on sale counting today.
      daysOnSale: 4,
      slotsPerDay: '1.00',
      investors: source.investors,
      investments: 3,
      principalInvested: source.principal,
      interestAccrued: source.accrued,
      activePrincipal: source.principal,
      // Principal, the three days accrued, and 27 days still to come at 4.00000000 a day.
      dueAtHarvest: '4120.00000000',
      // Nothing disbursed and no proceeds yet: the 120 of interest is due from proceeds, none of it covered.
      fundingModel: 'funded',
      payoutStatus: 'open',
      proceedsReceived: '0.00000000',
      proceedsRecorded: false,
      reserveAllocated: '0.00000000',
      dueFromProceeds: '120.00000000',
      coverage: '0.0000',
    });
    // Proceeds of 90 cover three quarters of it.
    await recordProceeds(plan.id, '90');
    expect((await allAnalytics(admin.accessToken)).find((r) => r.planId === plan.id)).toMatchObject({
      proceedsReceived: '90.00000000',
      proceedsRecorded: true,
      coverage: '0.7500',
    });

    const harvestDay = row.endDate.slice(0, 10);
    const calendar = await client.call(reportOperations.harvestCalendar, {
      token: admin.accessToken,
      query: { from: harvestDay, to: harvestDay },
    });
    expect(calendar.status).toBe(200);
    // The harvest calendar's coverage of that day: the same due from proceeds, 90 held for it.
    expect(succeeded(calendar).days).toEqual([
      expect.objectContaining({
        harvestDay,
        totalDue: row.dueAtHarvest,
        dueFromProceeds: '120.00000000',
        heldForPayout: '90.00000000',
        coverage: '0.7500',
      }),
    ]);

    expect(rows.find((r) => r.planId === idle.id)).toMatchObject({
      slotsSold: 0,
      fillRate: '0.0',
      investors: 0,
      investments: 0,
      principalInvested: '0.00000000',
      interestAccrued: '0.00000000',
      dueAtHarvest: '0.00000000',
    });
  });

  it.each([plansOperations.planAnalytics, plansOperations.adminPlans])(
    '$path answers admins only',
    async (operation) => {
      const investor = await registerInvestor();
      expect((await client.call(operation, { token: investor.accessToken })).status).toBe(403);
      expect((await client.call(operation)).status).toBe(401);
    },
  );
});
