// GET /api/admin/notifications/recipients, the picker of users a notification goes to, on the shared admin-list
// checks (test/support/admin-list-suite.ts): by name, searched in the name and the email. What the sends say of
// their recipients is in admin-history.int.test.ts.
import { jest } from '@jest/globals';
import { notificationOperations } from '@cropvest/contracts/notify/api';
import { adminList } from '../../../test/support/admin-list-suite.ts';
import { adminSession, eventually, registerInvestor, stackClient } from '../../../test/support/api.ts';

jest.setTimeout(60_000);

adminList(notificationOperations.notificationRecipients).describe({
  seed: async (tag) => {
    // Registered in the reverse of the picker's order, which is by name.
    const [cat, ben, ann] = [
      await registerInvestor({ name: `Cat Picker ${tag}` }),
      await registerInvestor({ name: `Ben Picker ${tag}` }),
      await registerInvestor({ name: `Ann Picker ${tag}` }),
    ];
    // The picker lists what notify's projection knows: wait for all three, as an admin would see them.
    const token = (await adminSession()).accessToken;
    await eventually(
      async () =>
        (await stackClient().ok(notificationOperations.notificationRecipients, { token, query: { q: tag } }))
          .length === 3,
      15_000,
      'the three users in notify’s projection',
    );
    return {
      ids: [ann.user.id, ben.user.id, cat.user.id],
      scope: { q: tag },
      term: tag,
      searches: [
        { q: `ben picker ${tag}`, ids: [ben.user.id] },
        { q: cat.user.email, ids: [cat.user.id] },
      ],
    };
  },
});
