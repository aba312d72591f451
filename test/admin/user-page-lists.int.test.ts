// The admin lists the user page /admin/users/:id reads, each from its owning service, filtered by ?userId=:
// an admin gets that user's rows only; an investor is refused (403) whatever the filter.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { kycOperations } from '@cropvest/contracts/kyc/api';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { supportOperations } from '@cropvest/contracts/support/api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { adminSession, registerInvestor, stackClient, type Session } from '../support/api.ts';
import { closeConnections } from '../support/connections.ts';
import { seedOwnedResources, type OwnedResources } from '../security/resources.ts';

jest.setTimeout(180_000);
afterAll(closeConnections);

const client = stackClient();

let admin: Session;
let owner: OwnedResources;
let other: Session;
let otherDepositId: string;
let otherTicketId: string;

beforeAll(async () => {
  admin = await adminSession();
  [owner, other] = await Promise.all([seedOwnedResources('user page'), registerInvestor()]);
  otherDepositId = (
    await client.ok(walletOperations.createDeposit, { token: other.accessToken, body: { amount: '7' } })
  ).id;
  otherTicketId = (
    await client.ok(supportOperations.createTicket, {
      token: other.accessToken,
      body: {
        subject: 'Another user',
        category: 'deposit',
        priority: 'low',
        description: 'Not the owner',
      },
    })
  ).id;
});

/** A list's query here: one user's rows, optionally one page of them. */
type UserQuery = { userId: string; pageSize?: number };

/** Each list, how to read it, and the id of the owner's row it must hold. */
const lists = () => [
  {
    path: walletOperations.adminDeposits.path,
    read: (token: string, query: UserQuery) => client.call(walletOperations.adminDeposits, { token, query }),
    ownerRow: owner.approvedDepositId,
    otherRow: otherDepositId,
  },
  {
    path: walletOperations.adminWithdrawals.path,
    read: (token: string, query: UserQuery) =>
      client.call(walletOperations.adminWithdrawals, { token, query }),
    ownerRow: owner.withdrawalId,
  },
  {
    path: plansOperations.adminInvestments.path,
    read: (token: string, query: UserQuery) =>
      client.call(plansOperations.adminInvestments, { token, query }),
    ownerRow: owner.investmentId,
  },
  {
    path: kycOperations.adminKyc.path,
    read: (token: string, query: UserQuery) => client.call(kycOperations.adminKyc, { token, query }),
    ownerRow: owner.kycId,
  },
  {
    path: supportOperations.adminTickets.path,
    read: (token: string, query: UserQuery) => client.call(supportOperations.adminTickets, { token, query }),
    ownerRow: owner.ticketId,
    otherRow: otherTicketId,
  },
  {
    path: walletOperations.balanceAdjustments.path,
    read: (token: string, query: UserQuery) =>
      client.call(walletOperations.balanceAdjustments, { token, query }),
    ownerRow: null,
  },
];

/** The rows of a list's answer, every list's row naming its id and its user; throws on a refusal. */
function rowsOf(
  path: string,
  answer: Awaited<ReturnType<ReturnType<typeof lists>[number]['read']>>,
): { id: string; userId: string }[] {
  if (!answer.ok) throw new Error(`${path} refused: ${answer.status} ${answer.body.message}`);
  return answer.body;
}

describe('?userId= on the admin lists', () => {
  it("an admin sees only that user's rows, paged with the total", async () => {
    for (const { path, read, ownerRow, otherRow } of lists()) {
      const page = await read(admin.accessToken, { userId: owner.owner.user.id, pageSize: 5 });
      expect([path, page.status]).toEqual([path, 200]);
      const rows = rowsOf(path, page);
      expect([path, rows.every((row) => row.userId === owner.owner.user.id)]).toEqual([path, true]);
      expect([path, Number(page.headers.get('x-total-count'))]).toEqual([path, rows.length]);
      if (ownerRow)
        expect([path, rows.map((row) => row.id)]).toEqual([path, expect.arrayContaining([ownerRow])]);
      if (otherRow) {
        expect(rows.map((row) => row.id)).not.toContain(otherRow);
        const theirs = rowsOf(path, await read(admin.accessToken, { userId: other.user.id }));
        expect(theirs.map((row) => row.id)).toEqual([otherRow]);
      }
    }
    const audit = await client.call(identityOperations.auditLogs, {
      token: admin.accessToken,
      query: { targetId: owner.owner.user.id, pageSize: 5 },
    });
    expect(audit.status).toBe(200);
  });

  it('an investor is refused, and a malformed userId is a 400', async () => {
    for (const { path, read } of lists()) {
      const refused = await read(other.accessToken, { userId: owner.owner.user.id });
      expect([path, refused.status]).toEqual([path, 403]);
      // A malformed id is still a string, so the typed query sends it as is.
      const bad = await read(admin.accessToken, { userId: 'not-an-id' });
      expect([path, bad.status]).toEqual([path, 400]);
    }
  });
});
