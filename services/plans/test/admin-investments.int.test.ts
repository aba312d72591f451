// GET /api/admin/investments, the admin's list of investments (the user page keeps one investor's with userId):
// the shared admin-list checks (test/support/admin-list-suite.ts), scoped to one investor of this run. Then
// GET /api/admin/investments/{id}, one investment for its page: as the list shows it, for admins only.
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { adminList } from '../../../test/support/admin-list-suite.ts';
import { adminSession, factories, stackClient } from '../../../test/support/api.ts';
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

describe('one investment on its own', () => {
  const client = stackClient();

  it('answers the admin with what the list shows for it, and refuses its own investor', async () => {
    const investor = await verifiedInvestor('500', 'plans');
    const plan = await factories().plan({ title: `Sorghum ${Date.now()}`, dailyInterestRate: '1.25' });
    const bought = await client.ok(plansOperations.invest, {
      token: investor.accessToken,
      body: { planId: plan.id, slotsPurchased: 2, ...(await factories().acknowledgement(plan.id)) },
    });
    const admin = (await adminSession()).accessToken;

    const seen = await client.ok(plansOperations.adminInvestment, { token: admin, path: { id: bought.id } });
    const [listed] = await client.ok(plansOperations.adminInvestments, {
      token: admin,
      query: { userId: investor.user.id },
    });
    expect(seen).toEqual(listed);
    expect(seen).toMatchObject({
      id: bought.id,
      userId: investor.user.id,
      planId: plan.id,
      slotsPurchased: 2,
      status: 'active',
      interestRate: expect.stringMatching(/^1\.250*$/),
      plan: { title: plan.title },
      user: { name: investor.user.name, email: investor.user.email },
    });

    const refused = await client.call(plansOperations.adminInvestment, {
      token: investor.accessToken,
      path: { id: bought.id },
    });
    expect(refused.status).toBe(403);
  });

  it('answers 404 for an unknown id and 400 for one that is no id', async () => {
    const token = (await adminSession()).accessToken;
    const unknown = await client.call(plansOperations.adminInvestment, {
      token,
      path: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'INVESTMENT_NOT_FOUND', message: 'Investment not found' });
    const malformed = await client.call(plansOperations.adminInvestment, { token, path: { id: 'export' } });
    expect(malformed.status).toBe(400);
  });
});
