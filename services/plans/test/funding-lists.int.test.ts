// A plan's money records on the admin desk (docs/decisions/0091): its disbursements, its proceeds and its
// settlement proposals, each on the shared admin-list checks (test/support/admin-list-suite.ts), narrowed by the
// plan in the path. The workflows themselves (what a disbursement moves, what a settlement decides) are in
// funding.int.test.ts.
import { afterAll, expect, jest } from '@jest/globals';
import { fundingOperations } from '@cropvest/contracts/plans/funding-api';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { adminList } from '../../../test/support/admin-list-suite.ts';
import { adminSession, factories, secondAdminSession, stackClient } from '../../../test/support/api.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { verifiedInvestor } from '../../../test/support/kyc.ts';
import { createPlan, isoDay, plansDb, runAccrueCommand, shiftBack } from './support.ts';

jest.setTimeout(120_000);
afterAll(closeConnections);

const admin = async () => (await adminSession()).accessToken;

/** Makes rows one after another (each list is newest first); answers their ids, newest first. */
async function newestFirst(make: (n: number) => Promise<{ id: string }>, count = 3): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 0; n < count; n++) ids.unshift((await make(n)).id);
  return ids;
}

adminList(fundingOperations.adminPlanDisbursements).describe({
  seed: async (tag) => {
    const plan = await factories().plan({ title: `Disbursed oats ${tag}` });
    const investor = await verifiedInvestor('1000', 'plans');
    const bought = await stackClient().ok(plansOperations.invest, {
      token: investor.accessToken,
      body: { planId: plan.id, slotsPurchased: 3, ...(await factories().acknowledgement(plan.id)) },
    });
    // Bought five days ago: past the four days to reconsider, so its principal may be disbursed.
    await plansDb().raw(
      `UPDATE investments SET created_at = created_at - interval '5 days', cancellable_until = cancellable_until - interval '5 days' WHERE id = ?`,
      [bought.id],
    );
    const token = await admin();
    const ids = await newestFirst(async (n) =>
      stackClient().ok(fundingOperations.recordDisbursement, {
        token,
        path: { id: plan.id },
        body: { amount: '10', disbursedOn: isoDay(-1), note: `Seed ${n} ${tag}` },
      }),
    );
    return { ids, path: { id: plan.id } };
  },
});

adminList(fundingOperations.planProceeds).describe({
  seed: async (tag) => {
    const plan = await factories().plan({ title: `Harvested rye ${tag}` });
    const token = await admin();
    const ids = await newestFirst(async (n) =>
      stackClient().ok(fundingOperations.recordProceeds, {
        token,
        path: { id: plan.id },
        body: { amount: '5', receivedOn: isoDay(0), buyer: `Buyer ${n} ${tag}` },
      }),
    );
    return { ids, path: { id: plan.id } };
  },
});

adminList(fundingOperations.planSettlements).describe({
  seed: async (tag) => {
    // A plan whose harvest came with nothing recorded to pay its interest: it waits for a settlement.
    const plan = await createPlan({
      title: `Short sorghum ${tag}`,
      minSlotPrice: '1000',
      dailyInterestRate: '0.10',
      startDate: isoDay(0),
      endDate: isoDay(10),
    });
    const investor = await verifiedInvestor('1000', 'plans');
    await stackClient().ok(plansOperations.invest, {
      token: investor.accessToken,
      body: { planId: plan.id, slotsPurchased: 1, ...(await factories().acknowledgement(plan.id)) },
    });
    await shiftBack(plan.id, 12);
    expect((await runAccrueCommand()).code).toBe(0);
    const [token, second] = [await admin(), (await secondAdminSession()).accessToken];
    // One proposal waits at a time: the first two are rejected by a second admin before the next is made.
    const ids = await newestFirst(async (n) => {
      const proposed = await stackClient().ok(fundingOperations.requestSettlement, {
        token,
        path: { id: plan.id },
        body: { action: 'fail', report: `Proposal ${n} ${tag}` },
      });
      if (n < 2)
        await stackClient().ok(fundingOperations.rejectSettlement, {
          token: second,
          path: { id: proposed.id },
        });
      return proposed;
    });
    return { ids, path: { id: plan.id } };
  },
});
