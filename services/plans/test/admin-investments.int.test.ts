// GET /api/admin/investments, the admin's list of investments (the user page keeps one investor's with userId):
// the shared admin-list checks (test/support/admin-list-suite.ts), scoped to one investor of this run.
import { afterAll, jest } from '@jest/globals';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { adminList } from '../../../test/support/admin-list-suite.ts';
import { factories, stackClient } from '../../../test/support/api.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { verifiedInvestor } from '../../../test/support/kyc.ts';

jest.setTimeout(120_000);
afterAll(closeConnections);

adminList(plansOperations.adminInvestments).describe({
  seed: async (tag) => {
    const investor = await verifiedInvestor('1000', 'plans');
    const ids: string[] = [];
    // Three purchases, each in a plan of its own; newest first.
    for (const crop of ['Barley', 'Millet', 'Cassava']) {
      const plan = await factories().plan({ title: `${crop} ${tag}` });
      const bought = await stackClient().ok(plansOperations.invest, {
        token: investor.accessToken,
        body: { planId: plan.id, slotsPurchased: 1, ...(await factories().acknowledgement(plan.id)) },
      });
      ids.unshift(bought.id);
    }
    return { ids, scope: { userId: investor.user.id } };
  },
});
