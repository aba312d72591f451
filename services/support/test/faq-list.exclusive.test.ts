// GET /api/admin/faq on the shared admin-list checks (test/support/admin-list-suite.ts). The list is
// platform-wide (every entry, drafts too, in the admins' order) and nothing narrows it to one run's rows, so it is
// compared with the whole list, read at once: exclusive, where no other suite adds an entry meanwhile.
import { afterAll, jest } from '@jest/globals';
import { supportOperations } from '@cropvest/contracts/support/api';
import { adminList } from '../../../test/support/admin-list-suite.ts';
import { adminSession, stackClient } from '../../../test/support/api.ts';
import { closeConnections } from '../../../test/support/connections.ts';

jest.setTimeout(60_000);
afterAll(closeConnections);

adminList(supportOperations.adminFaq).describe({
  platformWide: true,
  seed: async (tag) => {
    const token = (await adminSession()).accessToken;
    // Drafts, so the public FAQ is as it was; each new entry goes last.
    const ids: string[] = [];
    for (const topic of ['deposits', 'harvests', 'withdrawals'])
      ids.push(
        (
          await stackClient().ok(supportOperations.createFaqEntry, {
            token,
            body: { question: `How do ${topic} work (${tag})?`, answer: `As the terms say (${tag}).` },
          })
        ).id,
      );
    return { ids };
  },
});
