import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ErrorBody } from '@cropvest/contracts';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { operationCall, type OperationBody } from '@cropvest/contracts/operation-call';
import { supportOperations } from '@cropvest/contracts/support/api';
import { succeeded } from '../../../test/support/answers.ts';
import {
  eventually,
  loginAdmin,
  registerInvestor,
  stack,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';
import { watchEvents, type EventWatch } from '../../../test/support/bus.ts';

// The whole stack shares two cores with other suites: leave room for events to travel.
jest.setTimeout(30_000);

const FILL = 'Please fill in all fields before submitting.';
const valid: OperationBody<typeof supportOperations.createTicket> = {
  subject: 'Deposit not credited',
  category: 'deposit',
  priority: 'high',
  description: 'I sent 100 USDT two days ago.',
};

const client = stackClient();
/** A refusal's error body; a raw answer is narrowed by the contract's schema. */
const errorOf = (answer: { body: unknown }): ErrorBody => ErrorBody.parse(answer.body);

const openTicket = (session: Session, body = valid) =>
  client.call(supportOperations.createTicket, { token: session.accessToken, body });
// Raw: these bodies break the contract on purpose (fields missing, mistyped or unknown, not an object).
const openTicketRaw = (session: Session, body: unknown) =>
  client.raw('POST', supportOperations.createTicket.path, { token: session.accessToken, body });
/** A ticket opened with `body` (201). */
const openedTicket = async (session: Session, body = valid) =>
  succeeded(await openTicket(session, body), 201);
const myTickets = (session: Session) =>
  client.ok(supportOperations.myTickets, { token: session.accessToken });
const auditOf = async (admin: Session, targetId: string, action: 'ticket_status' | 'ticket_respond') =>
  (await client.ok(identityOperations.auditLogs, { token: admin.accessToken, query: { targetId, action } }))
    .items;
/** The admin desk's list of every ticket. */
const adminTickets = (query: { status?: 'closed' } = {}) =>
  client.ok(supportOperations.adminTickets, { token: admin.accessToken, query });

let admin: Session;
let events: EventWatch;
beforeAll(async () => {
  admin = await loginAdmin();
  events = await watchEvents('events.ticket.>');
});
afterAll(() => events.close());

describe('opening a ticket', () => {
  it('stores it as open with the fields as sent, lists it for its owner and publishes ticket.created', async () => {
    const user = await registerInvestor();
    const created = await openTicket(user, { ...valid, subject: '  Deposit not credited  ' });
    expect(created.status).toBe(201);
    if (!created.ok) throw new Error(`the ticket was refused: ${created.body.message}`);
    expect(created.body).toMatchObject({
      ...valid,
      userId: user.user.id,
      status: 'open',
      assignedTo: null,
      adminResponse: null,
      responseAt: null,
      resolvedAt: null,
    });
    const list = succeeded(await client.call(supportOperations.myTickets, { token: user.accessToken }), 200);
    expect(list).toEqual([created.body]);
    const event = await events.waitFor(
      (e) => e.type === 'ticket.created' && e.data.ticketId === created.body.id,
    );
    expect(event.data).toMatchObject({
      userId: user.user.id,
      subject: valid.subject,
      category: 'deposit',
      priority: 'high',
    });
  });

  it('lists the newest ticket first', async () => {
    const user = await registerInvestor();
    const first = await openedTicket(user, { ...valid, subject: 'first' });
    const second = await openedTicket(user, { ...valid, subject: 'second' });
    expect((await myTickets(user)).map((t) => t.id)).toEqual([second.id, first.id]);
  });

  it.each([
    ['no subject', { ...valid, subject: undefined }, FILL],
    ['no category', { ...valid, category: undefined }, FILL],
    ['no priority', { ...valid, priority: undefined }, FILL],
    ['no description', { ...valid, description: undefined }, FILL],
    ['an empty subject', { ...valid, subject: '' }, FILL],
    ['a blank subject', { ...valid, subject: '   ' }, FILL],
    ['a whitespace description', { ...valid, description: ' \n\t ' }, FILL],
    ['an empty category', { ...valid, category: '' }, FILL],
    ['a null priority', { ...valid, priority: null }, FILL],
    ['an empty body', {}, FILL],
    [
      'an unknown category',
      { ...valid, category: 'billing' },
      'Category must be one of: investment, deposit, withdrawal, technical, account, other',
    ],
    [
      'an unknown priority',
      { ...valid, priority: 'urgent' },
      'Priority must be one of: low, medium, high, critical',
    ],
    [
      'a 201-character subject',
      { ...valid, subject: 'x'.repeat(201) },
      'Subject must be at most 200 characters',
    ],
    [
      'a 5001-character description',
      { ...valid, description: 'x'.repeat(5001) },
      'Description must be at most 5000 characters',
    ],
    ['a number as subject', { ...valid, subject: 42 }, 'Subject must be text'],
    ['a status', { ...valid, status: 'resolved' }, 'Unknown field: status'],
    ["someone else's userId", { ...valid, userId: randomUUID() }, 'Unknown field: userId'],
    ['an adminResponse', { ...valid, adminResponse: 'fixed' }, 'Unknown field: adminResponse'],
  ])('refuses %s with "%s" and stores nothing', async (_label, body, message) => {
    const user = await registerInvestor();
    const result = await openTicketRaw(user, body);
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ message, code: 'VALIDATION_FAILED' });
    expect(await myTickets(user)).toEqual([]);
  });

  it('accepts every category and priority of the spec', async () => {
    const user = await registerInvestor();
    for (const category of [
      'investment',
      'deposit',
      'withdrawal',
      'technical',
      'account',
      'other',
    ] as const) {
      expect((await openTicket(user, { ...valid, category })).status).toBe(201);
    }
    for (const priority of ['low', 'medium', 'critical'] as const)
      expect((await openTicket(user, { ...valid, priority })).status).toBe(201);
  });

  it('refuses malformed JSON and a body that is not an object', async () => {
    const user = await registerInvestor();
    const malformed = await client.raw('POST', supportOperations.createTicket.path, {
      token: user.accessToken,
      rawBody: '{"subject":',
    });
    expect(malformed.status).toBe(400);
    expect((await openTicketRaw(user, ['subject'])).status).toBe(400);
    expect(await myTickets(user)).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect((await client.call(supportOperations.myTickets)).status).toBe(401);
    expect((await client.call(supportOperations.createTicket, { body: valid })).status).toBe(401);
    // Raw: the support service called directly, past the gateway.
    const direct = await client.raw('GET', supportOperations.myTickets.path, {
      base: stack().services.support,
    });
    expect(direct.status).toBe(401);
  });
});

describe('privacy', () => {
  it("a user never sees another user's tickets", async () => {
    const alice = await registerInvestor();
    const bob = await registerInvestor();
    const ticket = await openedTicket(alice);
    expect(await myTickets(bob)).toEqual([]);
    // Another's ticket by its id, or a route guessed under it, reaches nothing.
    const byId = await client.call(supportOperations.myTicket, {
      token: bob.accessToken,
      path: { id: ticket.id },
    });
    // Raw: a route no operation declares.
    const guessedRoute = await client.raw(
      'GET',
      `${supportOperations.myTicket.path.replace('{id}', ticket.id)}/status`,
      {
        token: bob.accessToken,
      },
    );
    for (const guessed of [byId, guessedRoute]) {
      expect([404, 405]).toContain(guessed.status);
      expect(JSON.stringify(guessed.body)).not.toContain(valid.description);
    }
  });

  it('an investor token is refused on every admin route, by the gateway and by the service itself', async () => {
    const investor = await registerInvestor();
    const ticket = await openedTicket(investor);
    const token = investor.accessToken;
    const path = { id: ticket.id };
    const viaGateway = [
      await client.call(supportOperations.adminTickets, { token }),
      await client.call(supportOperations.updateTicketStatus, { token, path, body: { status: 'closed' } }),
      await client.call(supportOperations.respondToTicket, { token, path, body: { response: 'hello' } }),
    ];
    for (const answer of viaGateway) {
      expect(answer.status).toBe(403);
      expect(errorOf(answer).message).toBe('Admin access required');
    }
    // Raw: the support service called directly, past the gateway (the same calls, built from the operations).
    for (const { method, path: route, body } of [
      operationCall(supportOperations.adminTickets),
      operationCall(supportOperations.updateTicketStatus, { path, body: { status: 'closed' } }),
      operationCall(supportOperations.respondToTicket, { path, body: { response: 'hello' } }),
    ]) {
      const base = stack().services.support;
      const direct = await client.raw(method, route, { token, body, base });
      expect(direct.status).toBe(403);
      expect(errorOf(direct).message).toBe('Admin access required');
      const anonymous = await client.raw(method, route, { body, base });
      expect(anonymous.status).toBe(401);
    }
    expect((await myTickets(investor))[0]).toMatchObject({ status: 'open', adminResponse: null });
  });
});

describe('the admin desk', () => {
  it("lists tickets newest first with the opener's name and email, and filters by status", async () => {
    const user = await registerInvestor({ name: 'Grace Hopper' });
    const ticket = await openedTicket(user);
    const listed = await eventually(
      async () => {
        const found = (await adminTickets()).find((t) => t.id === ticket.id);
        return found?.user ? found : undefined;
      },
      10_000,
      'the opener in the user projection',
    );
    expect(listed).toMatchObject({ ...ticket, user: { name: 'Grace Hopper', email: user.user.email } });
    const closed = await adminTickets({ status: 'closed' });
    expect(closed.every((t) => t.status === 'closed')).toBe(true);
    // Raw: a status the contract's query does not take.
    const bad = await client.raw('GET', `${supportOperations.adminTickets.path}?status=pending`, {
      token: admin.accessToken,
    });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).message).toBe('status must be one of: all, open, in_progress, resolved, closed');
  });

  it('shows the new name after an admin renames the user', async () => {
    const user = await registerInvestor({ name: 'Old Name' });
    const ticket = await openedTicket(user);
    expect(
      (
        await client.call(identityOperations.updateAdminUser, {
          token: admin.accessToken,
          path: { id: user.user.id },
          body: { name: 'New Name' },
        })
      ).status,
    ).toBe(200);
    await eventually(
      async () => (await adminTickets()).find((t) => t.id === ticket.id)?.user?.name === 'New Name',
      10_000,
      'the renamed user',
    );
  });

  it('moves a ticket through any of the four states, stamping resolvedAt, publishing and auditing each change', async () => {
    const user = await registerInvestor();
    const ticket = await openedTicket(user);
    const put = async (body: OperationBody<typeof supportOperations.updateTicketStatus>) =>
      client.ok(supportOperations.updateTicketStatus, {
        token: admin.accessToken,
        path: { id: ticket.id },
        body,
      });

    const inProgress = succeeded(
      await client.call(supportOperations.updateTicketStatus, {
        token: admin.accessToken,
        path: { id: ticket.id },
        body: { status: 'in_progress', assignedTo: admin.user.id },
      }),
      200,
    );
    expect(inProgress).toMatchObject({
      status: 'in_progress',
      assignedTo: admin.user.id,
      resolvedAt: null,
    });

    const resolved = await put({ status: 'resolved' });
    expect(resolved).toMatchObject({ status: 'resolved', assignedTo: admin.user.id });
    expect(Date.parse(resolved.resolvedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const closed = await put({ status: 'closed', assignedTo: null });
    expect(closed).toMatchObject({
      status: 'closed',
      assignedTo: null,
      resolvedAt: resolved.resolvedAt,
    });

    const reopened = await put({ status: 'open' });
    expect(reopened).toMatchObject({ status: 'open', resolvedAt: null });

    expect((await myTickets(user))[0]).toMatchObject({ status: 'open', resolvedAt: null });
    await eventually(
      async () => (await auditOf(admin, ticket.id, 'ticket_status')).length === 4,
      10_000,
      'four audit rows',
    );
    const audit = await auditOf(admin, ticket.id, 'ticket_status');
    expect(audit[0]).toMatchObject({ adminId: admin.user.id, targetType: 'support_ticket' });
    await events.waitFor(
      (e) =>
        e.type === 'ticket.status_changed' &&
        e.data.ticketId === ticket.id &&
        e.data.from === 'closed' &&
        e.data.to === 'open',
    );
    const changes = events.events
      .filter((e) => e.type === 'ticket.status_changed' && e.data.ticketId === ticket.id)
      .map((e) => `${e.data.from}>${e.data.to}`);
    expect(changes).toEqual(['open>in_progress', 'in_progress>resolved', 'resolved>closed', 'closed>open']);
  });

  it('answers a ticket: the owner sees the response and its time; a blank response is refused', async () => {
    const user = await registerInvestor();
    const ticket = await openedTicket(user);
    const respond = (response: string) =>
      client.call(supportOperations.respondToTicket, {
        token: admin.accessToken,
        path: { id: ticket.id },
        body: { response },
      });
    // Raw: bodies without a response, or with a null one, which the contract cannot send.
    const respondRaw = (body: unknown) =>
      client.raw('PUT', supportOperations.respondToTicket.path.replace('{id}', ticket.id), {
        token: admin.accessToken,
        body,
      });
    for (const refused of [
      await respondRaw({}),
      await respond(''),
      await respond('   \n '),
      await respondRaw({ response: null }),
    ]) {
      expect(refused.status).toBe(400);
      expect(errorOf(refused).message).toBe('Response cannot be empty');
    }
    expect(errorOf(await respond('x'.repeat(5001))).message).toBe('Response must be at most 5000 characters');
    expect((await myTickets(user))[0]).toMatchObject({ adminResponse: null, responseAt: null });

    const answered = succeeded(await respond('  We found your deposit; it is credited now.  '), 200);
    expect(answered).toMatchObject({
      adminResponse: 'We found your deposit; it is credited now.',
      status: 'open',
    });
    expect(Date.parse(answered.responseAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect((await myTickets(user))[0]).toMatchObject({
      adminResponse: 'We found your deposit; it is credited now.',
      responseAt: answered.responseAt,
    });

    const event = await events.waitFor((e) => e.type === 'ticket.responded' && e.data.ticketId === ticket.id);
    expect(event.data).toMatchObject({
      userId: user.user.id,
      respondedBy: admin.user.id,
      response: 'We found your deposit; it is credited now.',
    });
    await eventually(
      async () => (await auditOf(admin, ticket.id, 'ticket_respond')).length === 1,
      10_000,
      'the audit row',
    );
  });

  it('refuses unknown and malformed ids, unknown states and a non-admin assignee', async () => {
    const user = await registerInvestor();
    const ticket = await openedTicket(user);
    const token = admin.accessToken;
    const setStatus = (id: string, body: OperationBody<typeof supportOperations.updateTicketStatus>) =>
      client.call(supportOperations.updateTicketStatus, { token, path: { id }, body });
    const missing = await setStatus(randomUUID(), { status: 'closed' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: 'Ticket not found', code: 'TICKET_NOT_FOUND' });
    const unanswerable = await client.call(supportOperations.respondToTicket, {
      token,
      path: { id: randomUUID() },
      body: { response: 'hi' },
    });
    expect(unanswerable.status).toBe(404);
    const malformed = await setStatus('not-an-id', { status: 'closed' });
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed).message).toBe('id must be a valid id');
    for (const [body, message] of [
      [{}, 'Status is required'],
      [{ status: 'pending' }, 'Status must be one of: open, in_progress, resolved, closed'],
      [{ status: 'closed', assignedTo: 'bob' }, 'assignedTo must be a valid id'],
      [{ status: 'closed', assignedTo: user.user.id }, 'assignedTo must be an admin'],
      [{ status: 'closed', priority: 'low' }, 'Unknown field: priority'],
    ] as const) {
      // Raw: each body breaks the contract on purpose.
      const refused = await client.raw(
        'PUT',
        supportOperations.updateTicketStatus.path.replace('{id}', ticket.id),
        {
          token,
          body,
        },
      );
      expect(refused.status).toBe(400);
      expect(errorOf(refused).message).toBe(message);
    }
    expect((await myTickets(user))[0]).toMatchObject({ status: 'open', assignedTo: null });
  });
});
