import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  call,
  eventually,
  freshIp,
  loginAdmin,
  registerInvestor,
  stack,
  type Session,
} from '../../../test/support/api.ts';
import { watchEvents, type EventWatch } from '../../../test/support/bus.ts';

// The whole stack shares two cores with other suites: leave room for events to travel.
jest.setTimeout(30_000);

const FILL = 'Please fill in all fields before submitting.';
const valid = {
  subject: 'Deposit not credited',
  category: 'deposit',
  priority: 'high',
  description: 'I sent 100 USDT two days ago.',
};

const openTicket = (session: Session, body: unknown = valid) =>
  call('POST', '/api/support', { token: session.accessToken, ip: freshIp(), body });
const myTickets = (session: Session) =>
  call('GET', '/api/support', { token: session.accessToken, ip: freshIp() });
const auditOf = async (admin: Session, targetId: string, action: string) =>
  (
    await call('GET', `/api/admin/audit-logs?targetId=${targetId}&action=${action}`, {
      token: admin.accessToken,
      ip: freshIp(),
    })
  ).body.items as any[];

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
    expect(created.body).toMatchObject({
      ...valid,
      userId: user.user.id,
      status: 'open',
      assignedTo: null,
      adminResponse: null,
      responseAt: null,
      resolvedAt: null,
    });
    const list = await myTickets(user);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([created.body]);
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
    const first = await openTicket(user, { ...valid, subject: 'first' });
    const second = await openTicket(user, { ...valid, subject: 'second' });
    expect((await myTickets(user)).body.map((t: any) => t.id)).toEqual([second.body.id, first.body.id]);
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
    const result = await openTicket(user, body);
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ message, code: 'VALIDATION_FAILED' });
    expect((await myTickets(user)).body).toEqual([]);
  });

  it('accepts every category and priority of the spec', async () => {
    const user = await registerInvestor();
    for (const category of ['investment', 'deposit', 'withdrawal', 'technical', 'account', 'other']) {
      expect((await openTicket(user, { ...valid, category })).status).toBe(201);
    }
    for (const priority of ['low', 'medium', 'critical'])
      expect((await openTicket(user, { ...valid, priority })).status).toBe(201);
  });

  it('refuses malformed JSON and a body that is not an object', async () => {
    const user = await registerInvestor();
    const malformed = await call('POST', '/api/support', {
      token: user.accessToken,
      ip: freshIp(),
      rawBody: '{"subject":',
    });
    expect(malformed.status).toBe(400);
    expect((await openTicket(user, ['subject'])).status).toBe(400);
    expect((await myTickets(user)).body).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect((await call('GET', '/api/support', { ip: freshIp() })).status).toBe(401);
    expect((await call('POST', '/api/support', { ip: freshIp(), body: valid })).status).toBe(401);
    expect((await call('GET', '/api/support', { base: stack().services.support })).status).toBe(401);
  });
});

describe('privacy', () => {
  it("a user never sees another user's tickets", async () => {
    const alice = await registerInvestor();
    const bob = await registerInvestor();
    const ticket = await openTicket(alice);
    expect((await myTickets(bob)).body).toEqual([]);
    // No investor route takes a ticket id; guessing one reaches nothing.
    for (const path of [`/api/support/${ticket.body.id}`, `/api/support/${ticket.body.id}/status`]) {
      const guessed = await call('GET', path, { token: bob.accessToken, ip: freshIp() });
      expect([404, 405]).toContain(guessed.status);
      expect(JSON.stringify(guessed.body)).not.toContain(valid.description);
    }
  });

  it('an investor token is refused on every admin route, by the gateway and by the service itself', async () => {
    const investor = await registerInvestor();
    const ticket = await openTicket(investor);
    const routes: [string, string, unknown][] = [
      ['GET', '/api/admin/support', undefined],
      ['PUT', `/api/admin/support/${ticket.body.id}/status`, { status: 'closed' }],
      ['PUT', `/api/admin/support/${ticket.body.id}/response`, { response: 'hello' }],
    ];
    for (const [method, path, body] of routes) {
      const viaGateway = await call(method, path, { token: investor.accessToken, ip: freshIp(), body });
      expect(viaGateway.status).toBe(403);
      expect(viaGateway.body.message).toBe('Admin access required');
      const direct = await call(method, path, {
        token: investor.accessToken,
        body,
        base: stack().services.support,
      });
      expect(direct.status).toBe(403);
      expect(direct.body.message).toBe('Admin access required');
      const anonymous = await call(method, path, { body, base: stack().services.support });
      expect(anonymous.status).toBe(401);
    }
    expect((await myTickets(investor)).body[0]).toMatchObject({ status: 'open', adminResponse: null });
  });
});

describe('the admin desk', () => {
  it("lists tickets newest first with the opener's name and email, and filters by status", async () => {
    const user = await registerInvestor({ name: 'Grace Hopper' });
    const ticket = await openTicket(user);
    const listed = await eventually(
      async () => {
        const all = await call('GET', '/api/admin/support', { token: admin.accessToken, ip: freshIp() });
        const found = (all.body as any[]).find((t) => t.id === ticket.body.id);
        return found?.user ? found : undefined;
      },
      10_000,
      'the opener in the user projection',
    );
    expect(listed).toMatchObject({ ...ticket.body, user: { name: 'Grace Hopper', email: user.user.email } });
    const closed = await call('GET', '/api/admin/support?status=closed', {
      token: admin.accessToken,
      ip: freshIp(),
    });
    expect(closed.body.every((t: any) => t.status === 'closed')).toBe(true);
    const bad = await call('GET', '/api/admin/support?status=pending', {
      token: admin.accessToken,
      ip: freshIp(),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('status must be one of: all, open, in_progress, resolved, closed');
  });

  it('shows the new name after an admin renames the user', async () => {
    const user = await registerInvestor({ name: 'Old Name' });
    const ticket = await openTicket(user);
    expect(
      (
        await call('PATCH', `/api/admin/users/${user.user.id}`, {
          token: admin.accessToken,
          ip: freshIp(),
          body: { name: 'New Name' },
        })
      ).status,
    ).toBe(200);
    await eventually(
      async () => {
        const all = await call('GET', '/api/admin/support', { token: admin.accessToken, ip: freshIp() });
        return (all.body as any[]).find((t) => t.id === ticket.body.id)?.user?.name === 'New Name';
      },
      10_000,
      'the renamed user',
    );
  });

  it('moves a ticket through any of the four states, stamping resolvedAt, publishing and auditing each change', async () => {
    const user = await registerInvestor();
    const ticket = await openTicket(user);
    const put = (body: unknown) =>
      call('PUT', `/api/admin/support/${ticket.body.id}/status`, {
        token: admin.accessToken,
        ip: freshIp(),
        body,
      });

    const inProgress = await put({ status: 'in_progress', assignedTo: admin.user.id });
    expect(inProgress.status).toBe(200);
    expect(inProgress.body).toMatchObject({
      status: 'in_progress',
      assignedTo: admin.user.id,
      resolvedAt: null,
    });

    const resolved = await put({ status: 'resolved' });
    expect(resolved.body).toMatchObject({ status: 'resolved', assignedTo: admin.user.id });
    expect(Date.parse(resolved.body.resolvedAt)).toBeGreaterThan(Date.now() - 60_000);

    const closed = await put({ status: 'closed', assignedTo: null });
    expect(closed.body).toMatchObject({
      status: 'closed',
      assignedTo: null,
      resolvedAt: resolved.body.resolvedAt,
    });

    const reopened = await put({ status: 'open' });
    expect(reopened.body).toMatchObject({ status: 'open', resolvedAt: null });

    expect((await myTickets(user)).body[0]).toMatchObject({ status: 'open', resolvedAt: null });
    await eventually(
      async () => (await auditOf(admin, ticket.body.id, 'ticket_status')).length === 4,
      10_000,
      'four audit rows',
    );
    const audit = await auditOf(admin, ticket.body.id, 'ticket_status');
    expect(audit[0]).toMatchObject({ adminId: admin.user.id, targetType: 'support_ticket' });
    await events.waitFor(
      (e) =>
        e.type === 'ticket.status_changed' &&
        e.data.ticketId === ticket.body.id &&
        e.data.from === 'closed' &&
        e.data.to === 'open',
    );
    const changes = events.events
      .filter((e) => e.type === 'ticket.status_changed' && e.data.ticketId === ticket.body.id)
      .map((e) => `${e.data.from}>${e.data.to}`);
    expect(changes).toEqual(['open>in_progress', 'in_progress>resolved', 'resolved>closed', 'closed>open']);
  });

  it('answers a ticket: the owner sees the response and its time; a blank response is refused', async () => {
    const user = await registerInvestor();
    const ticket = await openTicket(user);
    const respond = (body: unknown) =>
      call('PUT', `/api/admin/support/${ticket.body.id}/response`, {
        token: admin.accessToken,
        ip: freshIp(),
        body,
      });
    for (const body of [{}, { response: '' }, { response: '   \n ' }, { response: null }]) {
      const refused = await respond(body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Response cannot be empty');
    }
    expect((await respond({ response: 'x'.repeat(5001) })).body.message).toBe(
      'Response must be at most 5000 characters',
    );
    expect((await myTickets(user)).body[0]).toMatchObject({ adminResponse: null, responseAt: null });

    const answered = await respond({ response: '  We found your deposit; it is credited now.  ' });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({
      adminResponse: 'We found your deposit; it is credited now.',
      status: 'open',
    });
    expect(Date.parse(answered.body.responseAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await myTickets(user)).body[0]).toMatchObject({
      adminResponse: 'We found your deposit; it is credited now.',
      responseAt: answered.body.responseAt,
    });

    const event = await events.waitFor(
      (e) => e.type === 'ticket.responded' && e.data.ticketId === ticket.body.id,
    );
    expect(event.data).toMatchObject({
      userId: user.user.id,
      respondedBy: admin.user.id,
      response: 'We found your deposit; it is credited now.',
    });
    await eventually(
      async () => (await auditOf(admin, ticket.body.id, 'ticket_respond')).length === 1,
      10_000,
      'the audit row',
    );
  });

  it('refuses unknown and malformed ids, unknown states and a non-admin assignee', async () => {
    const user = await registerInvestor();
    const ticket = await openTicket(user);
    const as = (path: string, body: unknown) =>
      call('PUT', path, { token: admin.accessToken, ip: freshIp(), body });
    const missing = await as(`/api/admin/support/${randomUUID()}/status`, { status: 'closed' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: 'Ticket not found', code: 'TICKET_NOT_FOUND' });
    expect((await as(`/api/admin/support/${randomUUID()}/response`, { response: 'hi' })).status).toBe(404);
    const malformed = await as('/api/admin/support/not-an-id/status', { status: 'closed' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('id must be a valid id');
    for (const [body, message] of [
      [{}, 'Status is required'],
      [{ status: 'pending' }, 'Status must be one of: open, in_progress, resolved, closed'],
      [{ status: 'closed', assignedTo: 'bob' }, 'assignedTo must be a valid id'],
      [{ status: 'closed', assignedTo: user.user.id }, 'assignedTo must be an admin'],
      [{ status: 'closed', priority: 'low' }, 'Unknown field: priority'],
    ] as const) {
      const refused = await as(`/api/admin/support/${ticket.body.id}/status`, body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    expect((await myTickets(user)).body[0]).toMatchObject({ status: 'open', assignedTo: null });
  });
});
