// The detail pages' reads (issue 27 item 4): one of my investments, one of my tickets, and one ticket on the admin
// desk, through the gateway with the typed client. An investor reads only their own (another's id answers 404,
// as an unknown one does); the admin's read is refused to investors; a malformed id is a 400.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { supportOperations } from '@cropvest/contracts/support/api';
import { adminSession, factories, stackClient, type Session } from '../support/api.ts';

jest.setTimeout(120_000);

const client = stackClient();

let owner: Session;
let stranger: Session;
let investmentId: string;
let planId: string;
let ticketId: string;

beforeAll(async () => {
  owner = await factories().fundedVerifiedInvestor('300', { name: 'Detail Owner' });
  stranger = await factories().investor('Detail Stranger');
  const plan = await factories().plan({ title: `Detail plan ${randomUUID().slice(0, 8)}` });
  planId = plan.id;
  const bought = await client.ok(plansOperations.invest, {
    token: owner.accessToken,
    body: { planId, slotsPurchased: 2, ...(await factories().acknowledgement(planId)) },
  });
  investmentId = bought.id;
  const ticket = await client.ok(supportOperations.createTicket, {
    token: owner.accessToken,
    body: { subject: 'Where is my harvest?', category: 'investment', priority: 'medium', description: 'Hi.' },
  });
  ticketId = ticket.id;
});

describe('one of my investments', () => {
  it('answers it to its investor as My Investments lists it', async () => {
    const one = await client.ok(plansOperations.myInvestment, {
      token: owner.accessToken,
      path: { id: investmentId },
    });
    const listed = await client.ok(plansOperations.myInvestments, { token: owner.accessToken });
    expect(one).toEqual(listed.find((investment) => investment.id === investmentId));
    expect(one).toMatchObject({
      planId,
      slotsPurchased: 2,
      principal: '200.00000000',
      status: 'active',
      cancellable: true,
      keyInformationVersion: expect.any(Number),
      planCoverage: expect.any(Object),
      latestFieldReport: null,
    });
  });

  it("answers another investor's, an unknown and a malformed id as such", async () => {
    const others = await client.call(plansOperations.myInvestment, {
      token: stranger.accessToken,
      path: { id: investmentId },
    });
    expect(others.status).toBe(404);
    const unknown = await client.call(plansOperations.myInvestment, {
      token: owner.accessToken,
      path: { id: randomUUID() },
    });
    expect(unknown.status).toBe(404);
    const malformed = await client.call(plansOperations.myInvestment, {
      token: owner.accessToken,
      path: { id: 'not-an-id' },
    });
    expect(malformed.status).toBe(400);
    const signedOut = await client.call(plansOperations.myInvestment, { path: { id: investmentId } });
    expect(signedOut.status).toBe(401);
  });
});

describe('one of my tickets', () => {
  it('answers it to its opener, and the admin answer once given', async () => {
    const before = await client.ok(supportOperations.myTicket, {
      token: owner.accessToken,
      path: { id: ticketId },
    });
    expect(before).toMatchObject({
      id: ticketId,
      subject: 'Where is my harvest?',
      category: 'investment',
      priority: 'medium',
      description: 'Hi.',
      status: 'open',
      adminResponse: null,
    });
    const admin = await adminSession();
    await client.ok(supportOperations.respondToTicket, {
      token: admin.accessToken,
      path: { id: ticketId },
      body: { response: 'It is growing well.' },
    });
    const after = await client.ok(supportOperations.myTicket, {
      token: owner.accessToken,
      path: { id: ticketId },
    });
    expect(after).toMatchObject({ adminResponse: 'It is growing well.', responseAt: expect.any(String) });
  });

  it("answers another investor's, an unknown and a malformed id as such", async () => {
    const others = await client.call(supportOperations.myTicket, {
      token: stranger.accessToken,
      path: { id: ticketId },
    });
    expect(others.status).toBe(404);
    const unknown = await client.call(supportOperations.myTicket, {
      token: owner.accessToken,
      path: { id: randomUUID() },
    });
    expect(unknown.status).toBe(404);
    const malformed = await client.call(supportOperations.myTicket, {
      token: owner.accessToken,
      path: { id: 'not-an-id' },
    });
    expect(malformed.status).toBe(400);
  });
});

describe('a ticket on the admin desk', () => {
  it('answers it with its opener to the admin', async () => {
    const admin = await adminSession();
    const one = await client.ok(supportOperations.adminTicket, {
      token: admin.accessToken,
      path: { id: ticketId },
    });
    expect(one).toMatchObject({ id: ticketId, userId: owner.user.id, subject: 'Where is my harvest?' });
    const unknown = await client.call(supportOperations.adminTicket, {
      token: admin.accessToken,
      path: { id: randomUUID() },
    });
    expect(unknown.status).toBe(404);
    const malformed = await client.call(supportOperations.adminTicket, {
      token: admin.accessToken,
      path: { id: 'not-an-id' },
    });
    expect(malformed.status).toBe(400);
  });

  it('refuses investors, the opener too', async () => {
    const refused = await client.call(supportOperations.adminTicket, {
      token: owner.accessToken,
      path: { id: ticketId },
    });
    expect(refused.status).toBe(403);
  });
});
