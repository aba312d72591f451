// GET /api/admin/settings/testimonials on the shared admin-list checks (test/support/admin-list-suite.ts). The
// list is platform-wide (every testimonial, newest consent first) and nothing narrows it to one run's rows, so it
// is compared with the whole list, read at once: exclusive, where no other suite adds one meanwhile.
import { afterAll, jest } from '@jest/globals';
import { testimonialOperations } from '@cropvest/contracts/identity/testimonials-api';
import { adminList } from '../../../test/support/admin-list-suite.ts';
import { adminSession, stackClient } from '../../../test/support/api.ts';
import { closeConnections } from '../../../test/support/connections.ts';

jest.setTimeout(60_000);

const made: string[] = [];
afterAll(async () => {
  // The landing page shows at most a fixed number: the suites after this one find room for theirs.
  const token = (await adminSession()).accessToken;
  for (const id of made)
    await stackClient().ok(testimonialOperations.deleteTestimonial, { token, path: { id } });
  await closeConnections();
});

adminList(testimonialOperations.adminTestimonials).describe({
  platformWide: true,
  seed: async (tag) => {
    const token = (await adminSession()).accessToken;
    for (const name of ['Amina', 'Baraka', 'Chiku']) {
      const { id } = await stackClient().ok(testimonialOperations.createTestimonial, {
        token,
        body: {
          name: `${name} ${tag}`,
          content: 'Clear reports from the field every month.',
          rating: 5,
          consent: true,
          consentNote: 'Signed consent form on file',
        },
      });
      made.push(id);
    }
    return { ids: [...made].reverse() };
  },
});
