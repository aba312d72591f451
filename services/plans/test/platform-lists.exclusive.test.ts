// The plans service's platform-wide admin lists on the shared admin-list checks (test/support/admin-list-suite.ts):
// plan analytics, the plans' money on the funding desk, the reserve fund's contributions and allocations, the
// operators. Nothing narrows them to one run's rows, so each is compared with the whole list, read at once:
// exclusive, since the whole list holds still only while no other suite adds to it.
import { afterAll, jest } from '@jest/globals';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { fundingOperations } from '@cropvest/contracts/plans/funding-api';
import { keyInformationOperations } from '@cropvest/contracts/plans/key-information-api';
import { adminList } from '../../../test/support/admin-list-suite.ts';
import { adminSession, factories, stackClient } from '../../../test/support/api.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { isoDay } from './support.ts';

jest.setTimeout(120_000);
afterAll(closeConnections);

const admin = async () => (await adminSession()).accessToken;

/** Three plans of this run, made one after another, each harvested a day after the one before: oldest first. */
const threePlans = async (tag: string) => {
  const plans = [];
  for (const [n, crop] of ['Oats', 'Rye', 'Teff'].entries())
    plans.push(await factories().plan({ title: `${crop} ${tag}`, endDate: isoDay(29 + n) }));
  return plans;
};

adminList(plansOperations.planAnalytics).describe({
  platformWide: true,
  key: ({ planId }) => planId,
  seed: async (tag) => ({ ids: (await threePlans(tag)).map(({ id }) => id).reverse() }),
});

adminList(fundingOperations.adminPlanFunding).describe({
  platformWide: true,
  key: ({ planId }) => planId,
  seed: async (tag) => {
    // None waits for a settlement: in the order of their harvest days.
    const ids = (await threePlans(tag)).map(({ id }) => id);
    return {
      ids,
      filters: [
        { query: { payoutStatus: 'open' }, ids },
        { query: { payoutStatus: 'settlement_needed' }, ids: [] },
      ],
    };
  },
});

/** Puts `amount` of platform money in the reserve fund. */
const contribute = async (amount: string, source: string) =>
  stackClient().ok(fundingOperations.contributeToReserve, {
    token: await admin(),
    body: { amount, receivedOn: isoDay(0), source },
  });

adminList(fundingOperations.reserveContributions).describe({
  platformWide: true,
  seed: async (tag) => {
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.unshift((await contribute(`${n}`, `Platform margin ${n} ${tag}`)).id);
    return { ids };
  },
});

adminList(fundingOperations.reserveAllocations).describe({
  platformWide: true,
  seed: async (tag) => {
    // Small allocations, applied at once, from money put in for them.
    await contribute('3', `For the allocations ${tag}`);
    const plan = await factories().plan({ title: `Reserved millet ${tag}` });
    const ids: string[] = [];
    for (const n of [1, 2, 3])
      ids.unshift(
        (
          await stackClient().ok(fundingOperations.requestReserveAllocation, {
            token: await admin(),
            path: { id: plan.id },
            body: { amount: '1', reason: `Shortfall cover ${n} ${tag}` },
          })
        ).id,
      );
    return { ids };
  },
});

adminList(keyInformationOperations.operators).describe({
  platformWide: true,
  seed: async (tag) => {
    // By name, in any case.
    const ids: string[] = [];
    for (const name of [`${tag} Cooperative C`, `${tag} cooperative b`, `${tag} Cooperative A`])
      ids.unshift((await factories().operator({ name })).id);
    return { ids };
  },
});
