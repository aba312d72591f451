// GET /api/admin/plans/{id}/key-information/versions, every published version of a plan's key information sheet,
// on the shared admin-list checks (test/support/admin-list-suite.ts), narrowed by the plan in the path. What each
// version holds is in key-information.int.test.ts.
import { afterAll, jest } from '@jest/globals';
import { keyInformationOperations } from '@cropvest/contracts/plans/key-information-api';
import { adminList } from '../../../test/support/admin-list-suite.ts';
import { closeConnections } from '../../../test/support/connections.ts';
import { publishKeyInformation } from '../../../test/support/key-information.ts';
import { createPlan } from './support.ts';

jest.setTimeout(60_000);
afterAll(closeConnections);

adminList(keyInformationOperations.keyInformationVersions).describe({
  // A version is named by its number within the plan.
  key: ({ version }) => String(version),
  seed: async (tag) => {
    // Version 1 comes with the plan; two more are published over it. Newest first.
    const plan = await createPlan({ title: `Versioned maize ${tag}` });
    await publishKeyInformation(plan.id, { location: `Nakuru ${tag}` });
    await publishKeyInformation(plan.id, { location: `Eldoret ${tag}` });
    return { ids: ['3', '2', '1'], path: { id: plan.id } };
  },
});
