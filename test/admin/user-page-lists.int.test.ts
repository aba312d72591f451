// The admin lists the user page /admin/users/:id reads, each from its owning service, filtered by ?userId=:
// an admin gets that user's rows only; an investor is refused (403) whatever the filter.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { adminSession, api, registerInvestor, type Session } from '../support/api.ts';
import { closeConnections } from '../support/connections.ts';
import { seedOwnedResources, type OwnedResources } from '../security/resources.ts';

jest.setTimeout(180_000);
afterAll(closeConnections);

let admin: Session;
let owner: OwnedResources;
let other: Session;
let otherDepositId: string;
let otherTicketId: string;

beforeAll(async () => {
  admin = await adminSession();
  [owner, other] = await Promise.all([seedOwnedResources('user page'), registerInvestor()]);
  otherDepositId = (await api('POST', '/api/deposits', other.accessToken, { amount: '7' })).body.id;
  otherTicketId = (
    await api('POST', '/api/support', other.accessToken, {
      subject: 'Another user',
      category: 'deposit',
      priority: 'low',
      description: 'Not the owner',
    })
  ).body.id;
});

/** Each list, and the id of the owner's row it must hold. */
const lists = () => [
  { path: '/api/admin/deposits', ownerRow: owner.approvedDepositId, otherRow: otherDepositId },
  { path: '/api/admin/withdrawals', ownerRow: owner.withdrawalId },
  { path: '/api/admin/investments', ownerRow: owner.investmentId },
  { path: '/api/admin/kyc', ownerRow: owner.kycId },
  { path: '/api/admin/support', ownerRow: owner.ticketId, otherRow: otherTicketId },
  { path: '/api/admin/balance-adjustments', ownerRow: null },
];

describe('?userId= on the admin lists', () => {
  it("an admin sees only that user's rows, paged with the total", async () => {
    for (const { path, ownerRow, otherRow } of lists()) {
      const page = await api('GET', `${path}?userId=${owner.owner.user.id}&pageSize=5`, admin.accessToken);
      expect([path, page.status]).toEqual([path, 200]);
      const rows = page.body as { id: string; userId: string }[];
      expect([path, rows.every((row) => row.userId === owner.owner.user.id)]).toEqual([path, true]);
      expect([path, Number(page.headers.get('x-total-count'))]).toEqual([path, rows.length]);
      if (ownerRow)
        expect([path, rows.map((row) => row.id)]).toEqual([path, expect.arrayContaining([ownerRow])]);
      if (otherRow) {
        expect(rows.map((row) => row.id)).not.toContain(otherRow);
        const theirs = await api('GET', `${path}?userId=${other.user.id}`, admin.accessToken);
        expect(theirs.body.map((row: { id: string }) => row.id)).toEqual([otherRow]);
      }
    }
    const audit = await api(
      'GET',
      `/api/admin/audit-logs?targetId=${owner.owner.user.id}&pageSize=5`,
      admin.accessToken,
    );
    expect(audit.status).toBe(200);
  });

  it('an investor is refused, and a malformed userId is a 400', async () => {
    for (const { path } of lists()) {
      const refused = await api('GET', `${path}?userId=${owner.owner.user.id}`, other.accessToken);
      expect([path, refused.status]).toEqual([path, 403]);
      const bad = await api('GET', `${path}?userId=not-an-id`, admin.accessToken);
      expect([path, bad.status]).toEqual([path, 400]);
    }
  });
});
