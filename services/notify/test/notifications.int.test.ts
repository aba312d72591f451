import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ErrorBody } from '@cropvest/contracts';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { Notification, UnreadCount } from '@cropvest/contracts/notify/model';
import { notificationOperations } from '@cropvest/contracts/notify/api';
import { LIVE_TOPICS, type LiveTopic } from '@cropvest/contracts/notify/notification-stream';
import { supportOperations } from '@cropvest/contracts/support/api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { z } from '@cropvest/contracts/zod';
import { operationCall, type OperationBody, type OperationQuery } from '@cropvest/contracts/operation-call';
import { succeeded } from '../../../test/support/answers.ts';
import {
  eventually,
  freshIp,
  login,
  loginAdmin,
  registerInvestor,
  stack,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';
import type { Answer } from '../../../test/support/client.ts';
import { publishEvent, publishRaw } from '../../../test/support/bus.ts';
import { natsEnvOf, serviceDb } from '../../../test/support/connections.ts';
import { mailsTo, waitForMail } from '../../../test/support/mail.ts';

// The whole stack shares two cores with other suites: leave room for events to travel.
jest.setTimeout(30_000);

let admin: Session;
beforeAll(async () => {
  admin = await loginAdmin();
});

const client = stackClient();
/** A refusal's error body; a raw answer is narrowed by the contract's schema. */
const errorOf = (answer: { body: unknown }): ErrorBody => ErrorBody.parse(answer.body);

const mine = (session: Session, query: OperationQuery<typeof notificationOperations.myNotifications>) =>
  client.call(notificationOperations.myNotifications, { token: session.accessToken, query });
const list = (session: Session) =>
  client.ok(notificationOperations.myNotifications, { token: session.accessToken, query: { pageSize: 200 } });
const unread = async (session: Session) =>
  (await client.ok(notificationOperations.unreadNotificationCount, { token: session.accessToken })).count;
const markRead = (session: Session, id: string) =>
  client.call(notificationOperations.markNotificationRead, { token: session.accessToken, path: { id } });
const readAll = (session: Session) =>
  client.call(notificationOperations.markAllNotificationsRead, { token: session.accessToken });
/** A notification the list holds: the test fails here, naming it, when it is missing. */
function found<T>(item: T | undefined, what: string): T {
  if (item === undefined) throw new Error(`${what} is not listed`);
  return item;
}

type SendBody = OperationBody<typeof notificationOperations.sendNotification>;
const post = (body: SendBody) =>
  client.call(notificationOperations.sendNotification, { token: admin.accessToken, body });

/** Sends as the admin; waits until notify has heard of freshly registered recipients (events are asynchronous). */
async function send(body: SendBody): Promise<Answer<typeof notificationOperations.sendNotification>> {
  return eventually(
    async () => {
      const result = await post(body);
      return !result.ok && result.body.code === 'UNKNOWN_USER' ? undefined : result;
    },
    10_000,
    'the recipients to be known to notify',
  );
}
/** A send that must succeed (201): its typed record. */
const sent = async (body: SendBody) => succeeded(await send(body), 201);
const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

describe('admin sends', () => {
  it('a broadcast reaches everyone, and one user marking it read leaves it unread for another', async () => {
    const alice = await registerInvestor();
    const bob = await registerInvestor();
    const title = unique('Maintenance tonight');
    const broadcast = await sent({
      title,
      message: 'The platform is down 22:00-23:00 UTC.',
      type: 'general',
      userIds: null,
    });
    expect(broadcast).toMatchObject({
      title,
      userIds: null,
      readCount: 0,
      createdBy: admin.user.id,
      type: 'general',
    });

    const aliceCopy = found(
      (await list(alice)).find((n) => n.title === title),
      title,
    );
    expect(aliceCopy).toMatchObject({
      message: 'The platform is down 22:00-23:00 UTC.',
      userId: null,
      isRead: false,
      type: 'general',
    });
    const bobUnreadBefore = await unread(bob);
    const aliceUnreadBefore = await unread(alice);

    const marked = await markRead(alice, aliceCopy.id);
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ id: aliceCopy.id, isRead: true });
    expect((await list(alice)).find((n) => n.id === aliceCopy.id)?.isRead).toBe(true);
    expect(await unread(alice)).toBe(aliceUnreadBefore - 1);

    expect((await list(bob)).find((n) => n.id === aliceCopy.id)?.isRead).toBe(false);
    expect(await unread(bob)).toBe(bobUnreadBefore);
    const history = await client.ok(notificationOperations.adminNotifications, { token: admin.accessToken });
    expect(history.find((h) => h.id === broadcast.id)).toMatchObject({ readCount: 1 });
  });

  it("a targeted send reaches only the chosen users, who never see each other's", async () => {
    const alice = await registerInvestor();
    const bob = await registerInvestor();
    const title = unique('Only for Alice');
    const targeted = await sent({
      title,
      message: 'Your account manager will call you.',
      type: 'security',
      userIds: [alice.user.id, alice.user.id],
    });
    expect(targeted.userIds).toEqual([alice.user.id]);
    const hers = (await list(alice)).filter((n) => n.title === title);
    expect(hers).toHaveLength(1);
    const copy = found(hers[0], title);
    expect(copy).toMatchObject({ userId: alice.user.id, type: 'security', isRead: false });
    expect((await list(bob)).some((n) => n.title === title)).toBe(false);

    // Guessing Alice's id gets Bob nothing, and his read-all does not touch it.
    const guessed = await markRead(bob, copy.id);
    expect(guessed.status).toBe(404);
    expect(guessed.body).toMatchObject({ message: 'Notification not found', code: 'NOTIFICATION_NOT_FOUND' });
    expect(succeeded(await readAll(bob)).count).toBe(0);
    expect((await list(alice)).find((n) => n.id === copy.id)?.isRead).toBe(false);
    // Nor does the admin's token read it on Alice's behalf: read state is the reader's own.
    expect((await markRead(admin, copy.id)).status).toBe(404);
  });

  it('lists newest first, counts unread and marks all read', async () => {
    const user = await registerInvestor();
    const first = unique('first');
    const second = unique('second');
    await send({ title: first, message: 'one', type: 'deposit', userIds: [user.user.id] });
    await send({ title: second, message: 'two', type: 'withdrawal', userIds: [user.user.id] });
    const titles = (await list(user)).map((n) => n.title);
    expect(titles.indexOf(second)).toBeLessThan(titles.indexOf(first));
    expect(await unread(user)).toBeGreaterThanOrEqual(2);
    const all = succeeded(await readAll(user), 200);
    expect(all.count).toBe(0);
    expect(all.marked).toBeGreaterThanOrEqual(2);
    expect(await unread(user)).toBe(0);
    expect((await list(user)).every((n) => n.isRead)).toBe(true);
    expect((await readAll(user)).body).toEqual({ marked: 0, count: 0 });
  });

  it('pages on the server and filters unread and read, with the total in X-Total-Count', async () => {
    const user = await registerInvestor();
    const titles = [unique('one'), unique('two'), unique('three')];
    for (const title of titles) await send({ title, message: 'm', type: 'general', userIds: [user.user.id] });
    const unreadAll = succeeded(await mine(user, { status: 'unread', pageSize: 200 }));
    const myUnread = unreadAll.filter((n) => titles.includes(n.title));
    expect(myUnread.map((n) => n.title)).toEqual([...titles].reverse());
    await markRead(user, found(myUnread[0], 'the newest').id);

    const read = await mine(user, { status: 'read' });
    expect(read.status).toBe(200);
    expect(read.headers.get('x-total-count')).toBe('1');
    expect(succeeded(read).map((n) => n.title)).toEqual([titles[2]]);
    const stillUnread = succeeded(await mine(user, { status: 'unread', pageSize: 200 }));
    expect(stillUnread.every((n) => n.isRead === false)).toBe(true);
    expect(stillUnread.filter((n) => titles.includes(n.title)).map((n) => n.title)).toEqual([
      titles[1],
      titles[0],
    ]);

    const firstPage = await mine(user, { pageSize: 1 });
    const secondPage = await mine(user, { pageSize: 1, page: 2 });
    expect(firstPage.body).toHaveLength(1);
    expect(secondPage.body).toHaveLength(1);
    expect(succeeded(firstPage)[0]?.id).not.toBe(succeeded(secondPage)[0]?.id);
    expect(Number(firstPage.headers.get('x-total-count'))).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ['no title', { message: 'm', type: 'general', userIds: null }, 'Title is required'],
    ['a blank title', { title: '   ', message: 'm', userIds: null }, 'Title is required'],
    ['no message', { title: 't', type: 'general', userIds: null }, 'Message is required'],
    ['a blank message', { title: 't', message: ' \n ', userIds: null }, 'Message is required'],
    [
      'an unknown type',
      { title: 't', message: 'm', type: 'urgent', userIds: null },
      'Type must be one of: general, deposit, withdrawal, investment, security',
    ],
    [
      'no userIds',
      { title: 't', message: 'm', type: 'general' },
      'userIds is required: null for everyone, or a list of user ids',
    ],
    ['an empty list', { title: 't', message: 'm', userIds: [] }, 'Please select at least one user'],
    ['a malformed id', { title: 't', message: 'm', userIds: ['42'] }, 'userIds must hold valid user ids'],
    [
      'userIds as text',
      { title: 't', message: 'm', userIds: 'all' },
      'userIds must be null or a list of user ids',
    ],
    [
      'a 201-character title',
      { title: 'x'.repeat(201), message: 'm', userIds: null },
      'Title must be at most 200 characters',
    ],
    [
      'a 2001-character message',
      { title: 't', message: 'x'.repeat(2001), userIds: null },
      'Message must be at most 2000 characters',
    ],
    ['an unknown field', { title: 't', message: 'm', userIds: null, isRead: true }, 'Unknown field: isRead'],
  ])('refuses %s and sends nothing', async (_label, body, message) => {
    // Every send ever made, not one page's length (a full page stays full whatever is added).
    const sends = async () =>
      (
        await client.call(notificationOperations.adminNotifications, {
          token: admin.accessToken,
          query: { pageSize: 1 },
        })
      ).headers.get('x-total-count');
    const before = await sends();
    // Raw: each body breaks the contract on purpose.
    const result = await client.raw('POST', notificationOperations.sendNotification.path, {
      token: admin.accessToken,
      body,
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ message, code: 'VALIDATION_FAILED' });
    expect(await sends()).toBe(before);
  });

  it('refuses users that do not exist, naming them, and sends nothing', async () => {
    const user = await registerInvestor();
    const ghost = randomUUID();
    await send({ title: unique('warm-up'), message: 'm', userIds: [user.user.id] });
    const title = unique('to a ghost');
    const result = await post({ title, message: 'm', userIds: [user.user.id, ghost] });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ message: `Unknown user: ${ghost}`, code: 'UNKNOWN_USER' });
    expect((await list(user)).some((n) => n.title === title)).toBe(false);
  });

  it('audits every send', async () => {
    const audited = await sent({ title: unique('audited'), message: 'm', userIds: null });
    await eventually(
      async () => {
        const { items } = await client.ok(identityOperations.auditLogs, {
          token: admin.accessToken,
          query: { targetId: audited.id, action: 'notification_send' },
        });
        return items.length === 1 ? items[0] : undefined;
      },
      10_000,
      'the audit row',
    );
  });
});

describe('access', () => {
  it('an investor token is refused on every admin route, by the gateway and by the service itself', async () => {
    const investor = await registerInvestor();
    const token = investor.accessToken;
    const body = { title: 't', message: 'm', userIds: null };
    for (const viaGateway of [
      await client.call(notificationOperations.adminNotifications, { token }),
      await client.call(notificationOperations.sendNotification, { token, body }),
    ]) {
      expect(viaGateway.status).toBe(403);
      expect(errorOf(viaGateway).message).toBe('Admin access required');
    }
    // Raw: the notify service called directly, past the gateway (the same calls, built from the operations).
    for (const { method, path: route, body: sentBody } of [
      operationCall(notificationOperations.adminNotifications),
      operationCall(notificationOperations.sendNotification, { body }),
    ]) {
      const direct = await client.raw(method, route, {
        token,
        base: stack().services.notify,
        body: sentBody,
      });
      expect(direct.status).toBe(403);
      expect(errorOf(direct).message).toBe('Admin access required');
    }
    expect((await list(investor)).some((n) => n.title === 't' && n.message === 'm')).toBe(false);
  });

  it('needs a signed-in user everywhere, and refuses malformed ids', async () => {
    // Raw: without a token, through the gateway and to the service directly (the calls built from the operations).
    for (const { method, path: route } of [
      operationCall(notificationOperations.myNotifications),
      operationCall(notificationOperations.unreadNotificationCount),
      operationCall(notificationOperations.notificationStream),
      operationCall(notificationOperations.markNotificationRead, { path: { id: randomUUID() } }),
      operationCall(notificationOperations.markAllNotificationsRead),
    ]) {
      expect((await client.raw(method, route)).status).toBe(401);
      expect((await client.raw(method, route, { base: stack().services.notify })).status).toBe(401);
    }
    const user = await registerInvestor();
    const malformed = await markRead(user, 'not-an-id');
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed).message).toBe('id must be a valid id');
    expect((await markRead(user, randomUUID())).status).toBe(404);
    // Raw: a status and a field the contract's query does not take; a page size it does, out of range.
    for (const [refused, message] of [
      [await mine(user, { pageSize: 0 }), 'pageSize must be at least 1'],
      [
        await client.raw('GET', `${notificationOperations.myNotifications.path}?status=archived`, {
          token: user.accessToken,
        }),
        'status must be one of: all, unread, read',
      ],
      [
        await client.raw('GET', `${notificationOperations.myNotifications.path}?since=yesterday`, {
          token: user.accessToken,
        }),
        'Unknown field: since',
      ],
    ] as const) {
      expect(refused.status).toBe(400);
      expect(errorOf(refused).message).toBe(message);
    }
  });
});

describe('notifications from events', () => {
  it('tells the user when support answers their ticket or changes its status', async () => {
    const user = await registerInvestor();
    const ticket = await openTicket(user, {
      subject: 'Where is my deposit?',
      category: 'deposit',
      priority: 'high',
      description: 'Sent yesterday.',
    });
    await client.call(supportOperations.respondToTicket, {
      token: admin.accessToken,
      path: { id: ticket.id },
      body: { response: 'It is credited now.' },
    });
    await setTicketStatus(ticket.id, 'in_progress');
    const received = await eventually(
      async () => {
        const items = (await list(user)).filter((n) => n.userId === user.user.id);
        return items.length >= 2 ? items : undefined;
      },
      10_000,
      'two notifications',
    );
    expect(
      received.map((n) => ({ title: n.title, message: n.message, type: n.type, userId: n.userId })),
    ).toEqual(
      expect.arrayContaining([
        {
          title: 'Support replied to your ticket',
          message: 'We answered your ticket "Where is my deposit?": It is credited now.',
          type: 'general',
          userId: user.user.id,
        },
        {
          title: 'Ticket status updated',
          message: 'Your ticket "Where is my deposit?" is now IN PROGRESS.',
          type: 'general',
          userId: user.user.id,
        },
      ]),
    );
  });

  it('an event delivered twice makes exactly one notification', async () => {
    const user = await registerInvestor();
    const subject = unique('Twice');
    const envelope = {
      id: randomUUID(),
      type: 'ticket.status_changed',
      occurredAt: new Date().toISOString(),
      source: 'test',
      actorId: null,
      subjectId: null,
      data: {
        ticketId: randomUUID(),
        userId: user.user.id,
        subject,
        from: 'open',
        to: 'resolved',
        changedBy: admin.user.id,
      },
      traceparent: null,
    };
    await publishRaw('ticket.status_changed', envelope);
    await publishRaw('ticket.status_changed', envelope);
    await eventually(
      async () => (await list(user)).some((n) => n.message.includes(subject)),
      10_000,
      'the notification',
    );
    // A later event for the same user shows both deliveries of the first were handled by now.
    await publishRaw('ticket.status_changed', {
      ...envelope,
      id: randomUUID(),
      data: { ...envelope.data, subject: `${subject} later` },
    });
    await eventually(
      async () => (await list(user)).some((n) => n.message.includes(`${subject} later`)),
      10_000,
      'the later notification',
    );
    const matching = (await list(user)).filter(
      (n) => n.message === `Your ticket "${subject}" is now RESOLVED.`,
    );
    expect(matching).toHaveLength(1);
  });
});

/** Opens a ticket as `session` (201), answering it. */
const openTicket = async (session: Session, body: OperationBody<typeof supportOperations.createTicket>) =>
  succeeded(await client.call(supportOperations.createTicket, { token: session.accessToken, body }), 201);
const setTicketStatus = (id: string, status: 'in_progress' | 'closed') =>
  client.call(supportOperations.updateTicketStatus, {
    token: admin.accessToken,
    path: { id },
    body: { status },
  });

/** The stream's events (notification-stream.ts), each read through its schema. */
type StreamEvent =
  | { event: 'unread-count'; data: UnreadCount }
  | { event: 'notification'; data: Notification }
  | { event: 'changed'; data: { topics: LiveTopic[] } };
const LiveChange = z.object({ topics: z.array(z.enum(LIVE_TOPICS)) });
function streamEvent(event: string, data: unknown): StreamEvent {
  if (event === 'unread-count') return { event, data: UnreadCount.parse(data) };
  if (event === 'notification') return { event, data: Notification.parse(data) };
  if (event === 'changed') return { event, data: LiveChange.parse(data) };
  throw new Error(`the stream sent an unknown event: ${event}`);
}

type UnreadCountEvent = Extract<StreamEvent, { event: 'unread-count' }>;
type NotificationEvent = Extract<StreamEvent, { event: 'notification' }>;
const anyUnreadCount = (e: StreamEvent): e is UnreadCountEvent => e.event === 'unread-count';
const unreadCountOf =
  (count: number) =>
  (e: StreamEvent): e is UnreadCountEvent =>
    e.event === 'unread-count' && e.data.count === count;
const notificationWhere =
  (matches: (notification: Notification) => boolean) =>
  (e: StreamEvent): e is NotificationEvent =>
    e.event === 'notification' && matches(e.data);

async function openStream(session: Session, base?: string) {
  const controller = new AbortController();
  // The stream is read as it arrives, not as one answer: fetched at the operation's path.
  const response = await fetch(
    `${base ?? stack().gatewayUrl}${notificationOperations.notificationStream.path}`,
    {
      headers: { authorization: `Bearer ${session.accessToken}`, 'x-forwarded-for': freshIp() },
      signal: controller.signal,
    },
  );
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: StreamEvent[] = [];
  let ended = false;
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          ended = true;
          return;
        }
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push(streamEvent(event, JSON.parse(data)));
        }
      }
    } catch (error) {
      // Closed by the test; anything else is a failure to read the stream.
      if (!controller.signal.aborted) throw error;
    }
  })();
  return {
    response,
    events,
    ended: () => ended,
    waitFor: <E extends StreamEvent>(predicate: (e: StreamEvent) => e is E, what: string) =>
      eventually(async () => events.find(predicate), 10_000, what),
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}

describe('the live stream', () => {
  it('delivers a notification published after it opened, with the new unread count, through the gateway', async () => {
    const user = await registerInvestor();
    await send({ title: unique('warm-up'), message: 'm', userIds: [user.user.id] });
    await readAll(user);
    const stream = await openStream(user);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      await stream.waitFor(unreadCountOf(0), 'the initial count');
      const title = unique('Live');
      const started = Date.now();
      await send({ title, message: 'Pushed to you.', type: 'investment', userIds: [user.user.id] });
      const pushed = await stream.waitFor(
        notificationWhere((n) => n.title === title),
        'the pushed notification',
      );
      expect(Date.now() - started).toBeLessThan(5000);
      expect(pushed.data).toMatchObject({
        message: 'Pushed to you.',
        type: 'investment',
        userId: user.user.id,
        isRead: false,
      });
      await stream.waitFor(unreadCountOf(1), 'the count after the push');
      // Reading it elsewhere (another tab) updates the count on this stream too.
      await markRead(user, pushed.data.id);
      await stream.waitFor(
        (e): e is UnreadCountEvent =>
          unreadCountOf(0)(e) && stream.events.indexOf(e) > stream.events.indexOf(pushed),
        'the count after reading',
      );
    } finally {
      await stream.close();
    }
  });

  it("counts the mails it sends in notify's metrics", async () => {
    const sentSoFar = async () => {
      const scraped = await (await fetch(stack().metrics.notify as string)).text();
      return Number(/^mails_sent_total\{[^}]*\} (\d+)$/m.exec(scraped)?.[1] ?? Number.NaN);
    };
    const before = await sentSoFar();
    expect(before).toBeGreaterThanOrEqual(0);
    const user = await registerInvestor();
    const newEmail = `mail-count-${randomUUID().slice(0, 8)}@example.com`;
    const asked = await client.call(identityOperations.requestEmailChange, {
      token: user.accessToken,
      body: { newEmail, currentPassword: user.password },
    });
    expect(asked.status).toBe(200);
    await waitForMail(newEmail, /Confirm your new CropVest email address/);
    await eventually(async () => (await sentSoFar()) > before, 10_000, 'the mail counted');
    // The relay reports its queue after each pass: a number, whatever other suites are mailing meanwhile.
    const scraped = await (await fetch(stack().metrics.notify as string)).text();
    expect(scraped).toMatch(/^mails_queued\{[^}]*\} \d+$/m);
  });

  it("counts the open streams in notify's metrics", async () => {
    const user = await registerInvestor();
    const stream = await openStream(user);
    try {
      await stream.waitFor(anyUnreadCount, 'the initial count');
      const scraped = await (await fetch(stack().metrics.notify as string)).text();
      const open = /^event_streams_open\{[^}]*\} (\d+)$/m.exec(scraped);
      expect(Number(open?.[1])).toBeGreaterThanOrEqual(1);
    } finally {
      await stream.close();
    }
  });

  it("ends a user's open stream as soon as they are banned", async () => {
    const user = await registerInvestor();
    await send({ title: unique('warm-up'), message: 'm', userIds: [user.user.id] });
    const stream = await openStream(user);
    try {
      await stream.waitFor(anyUnreadCount, 'the initial count');
      const banned = await client.call(identityOperations.banUser, {
        token: admin.accessToken,
        path: { id: user.user.id },
        body: { isBanned: true },
      });
      expect(banned.status).toBe(200);
      await eventually(async () => stream.ended(), 10_000, 'the stream to end');
    } finally {
      await stream.close();
    }
  });

  it("delivers broadcasts and ticket events too, and never another user's notifications", async () => {
    const alice = await registerInvestor();
    const bob = await registerInvestor();
    await send({ title: unique('warm-up'), message: 'm', userIds: [alice.user.id, bob.user.id] });
    const stream = await openStream(bob);
    try {
      await stream.waitFor(anyUnreadCount, 'the initial count');
      const forAlice = unique('for Alice');
      await send({ title: forAlice, message: 'private', userIds: [alice.user.id] });
      const everyone = unique('for everyone');
      await send({ title: everyone, message: 'public', userIds: null });
      await stream.waitFor(
        notificationWhere((n) => n.title === everyone),
        'the broadcast',
      );
      const ticket = await openTicket(bob, {
        subject: 'Streamed',
        category: 'other',
        priority: 'low',
        description: 'x',
      });
      await setTicketStatus(ticket.id, 'closed');
      await stream.waitFor(
        notificationWhere((n) => n.message === 'Your ticket "Streamed" is now CLOSED.'),
        'the ticket notification',
      );
      expect(stream.events.some((e) => e.event === 'notification' && e.data.title === forAlice)).toBe(false);
    } finally {
      await stream.close();
    }
  });
});

describe('what changed on the screens (decision 0105)', () => {
  const changed =
    (topic: LiveTopic) =>
    (e: StreamEvent): e is Extract<StreamEvent, { event: 'changed' }> =>
      e.event === 'changed' && e.data.topics.includes(topic);

  it("tells the owner and every admin what another person changed, and never one investor of another's", async () => {
    const alice = await registerInvestor();
    const bob = await registerInvestor();
    const aliceStream = await openStream(alice);
    const bobStream = await openStream(bob);
    const adminStream = await openStream(admin);
    try {
      for (const stream of [aliceStream, bobStream, adminStream])
        await stream.waitFor(anyUnreadCount, 'the initial count');
      const deposit = succeeded(
        await client.call(walletOperations.createDeposit, {
          token: alice.accessToken,
          body: { amount: '25', txid: randomBytes(32).toString('hex') },
        }),
        201,
      );
      await aliceStream.waitFor(changed('deposits'), 'the owner told of the new deposit');
      await adminStream.waitFor(changed('deposits'), 'the admins told of the queue');

      const started = Date.now();
      const approved = await client.call(walletOperations.reviewDeposit, {
        token: admin.accessToken,
        path: { id: deposit.id },
        body: { status: 'approved' },
      });
      expect(approved.status).toBe(200);
      await aliceStream.waitFor(changed('balance'), 'the owner told of the new balance');
      expect(Date.now() - started).toBeLessThan(5000);

      await openTicket(alice, { subject: 'Live', category: 'other', priority: 'low', description: 'x' });
      await aliceStream.waitFor(changed('tickets'), 'the owner told of the ticket');
      await adminStream.waitFor(changed('tickets'), 'the admins told of the ticket queue');

      // A purchase of Alice's takes slots from a plan everyone may be looking at: Bob hears of the plan only.
      await publishEvent('investment.created', {
        investmentId: randomUUID(),
        userId: alice.user.id,
        planId: randomUUID(),
        planTitle: 'Live Maize',
        slotsPurchased: 1,
        principal: '10.00',
      });
      await aliceStream.waitFor(changed('investments'), 'the owner told of the investment');
      await adminStream.waitFor(changed('investments'), 'the admins told of the investment');
      await bobStream.waitFor(changed('plans'), 'everyone told of the plan slots');

      // Bob's stream hears only what everyone hears (plan slots): nothing of Alice's money, investments or
      // tickets, and no admin queue.
      const bobsTopics = bobStream.events.flatMap((e) => (e.event === 'changed' ? e.data.topics : []));
      expect(bobsTopics.filter((topic) => topic !== 'plans')).toEqual([]);
    } finally {
      await Promise.all([aliceStream.close(), bobStream.close(), adminStream.close()]);
    }
  });

  it("tells admins of a sign-up and the chain's verdicts, and an investor only of their own", async () => {
    const alice = await registerInvestor();
    const aliceStream = await openStream(alice);
    const adminStream = await openStream(admin);
    try {
      for (const stream of [aliceStream, adminStream])
        await stream.waitFor(anyUnreadCount, 'the initial count');
      await registerInvestor();
      await adminStream.waitFor(changed('users'), 'the admins told of the new user');

      await publishEvent('chain.funding_transfer.verified', {
        recordKind: 'disbursement',
        recordId: randomUUID(),
        seq: 1,
        txid: randomBytes(32).toString('hex'),
        status: 'verified',
        reason: null,
        message: null,
        confirmations: 20,
        requiredConfirmations: 20,
      });
      await adminStream.waitFor(changed('funding'), "the admins told of a plan's funding checked on chain");

      // The chain's progress on a claim of Alice's: on her deposit's page and in the admins' queue. (An assigned
      // transfer is not forged here: the wallet would credit it.)
      await publishEvent('chain.deposit.checked', {
        depositId: randomUUID(),
        userId: alice.user.id,
        seq: 1,
        status: 'confirming',
        confirmations: 3,
        requiredConfirmations: 20,
        message: null,
      });
      await aliceStream.waitFor(changed('deposits'), "the owner told of the chain's progress");
      await adminStream.waitFor(changed('deposits'), "the admins told of the chain's progress");

      const alicesTopics = aliceStream.events.flatMap((e) => (e.event === 'changed' ? e.data.topics : []));
      expect(alicesTopics.filter((topic) => topic === 'users' || topic === 'funding')).toEqual([]);
    } finally {
      await Promise.all([aliceStream.close(), adminStream.close()]);
    }
  });
});

describe('a second replica', () => {
  it('pushes to a stream held by one replica what another replica stored (fan-out over NATS)', async () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    // dataDir is in the stack file though not in its type: the replica writes where the first one does.
    const info = { ...stack(), dataDir: (stack() as { dataDir?: string }).dataDir };
    const replica = spawn(process.execPath, ['--import', 'tsx', 'services/notify/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: info.databaseUrl,
        NATS_URL: info.natsUrl,
        // The second replica connects as notify, like the first.
        ...natsEnvOf('notify'),
        JWKS_URL: `${info.services.identity}/.well-known/jwks.json`,
        DATA_DIR: info.dataDir,
        PUBLIC_URL: info.gatewayUrl,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    replica.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    replica.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      // PORT=0: read the port the replica logged.
      const port = await eventually(
        async () => /"port":(\d+)/.exec(output)?.[1],
        30_000,
        `the replica to listen (${output})`,
      );
      const base = `http://127.0.0.1:${port}`;
      const user = await registerInvestor();
      await send({ title: unique('warm-up'), message: 'm', userIds: [user.user.id] });
      const stream = await openStream(user, base);
      try {
        await stream.waitFor(anyUnreadCount, 'the initial count from the replica');
        const title = unique('Across replicas');
        await send({ title, message: 'Stored by the first replica.', userIds: [user.user.id] });
        await stream.waitFor(
          notificationWhere((n) => n.title === title),
          'the push on the second replica',
        );
      } finally {
        await stream.close();
      }
    } finally {
      const exited = new Promise((resolve) => replica.once('exit', resolve));
      replica.kill('SIGTERM');
      await exited;
    }
  }, 60_000);
});

describe('mail', () => {
  it('mails a password reset link that works', async () => {
    const user = await registerInvestor({ name: 'Reset Me' });
    const issued = await client.call(identityOperations.adminResetPassword, {
      token: admin.accessToken,
      path: { id: user.user.id },
    });
    expect(issued.status).toBe(200);
    const mail = await eventually(
      async () => mailsTo(user.user.email).find((m) => /Reset your .* password/.test(m.subject)),
      30_000,
      'the reset mail',
    );
    expect(mail.body).toContain('Hello Reset Me,');
    const link = /(https?:\/\/\S+\/reset-password\?token=(\S+))/.exec(mail.body);
    expect(link?.[1]?.startsWith(`${stack().gatewayUrl}/reset-password?token=`)).toBe(true);
    const token = decodeURIComponent(link![2]!);
    const reset = await client.call(identityOperations.resetPassword, {
      body: { token, password: 'brand-new-pass-1' },
    });
    expect(reset.status).toBe(200);
    const session = await login(user.user.email, 'brand-new-pass-1');
    expect(session.user.id).toBe(user.user.id);
  });

  it('mails notifications to users who left email on, and not to those who turned it off', async () => {
    const keen = await registerInvestor();
    const quiet = await registerInvestor();
    const preferences = () =>
      client.ok(notificationOperations.notificationPreferences, { token: quiet.accessToken });
    expect(await preferences()).toEqual({
      email: true,
      push: false,
      investment: true,
      deposits: true,
      harvests: true,
      weekly: false,
    });
    const changed = succeeded(
      await client.call(notificationOperations.updateNotificationPreferences, {
        token: quiet.accessToken,
        body: { email: false },
      }),
      200,
    );
    expect(changed.email).toBe(false);
    expect((await preferences()).email).toBe(false);
    for (const [body, message] of [
      [{}, 'Nothing to update'],
      [{ email: 'yes' }, 'email must be a boolean'],
      [{ sms: true }, 'Unknown field: sms'],
    ] as const) {
      // Raw: each body breaks the contract on purpose.
      const refused = await client.raw('PUT', notificationOperations.updateNotificationPreferences.path, {
        token: quiet.accessToken,
        body,
      });
      expect(refused.status).toBe(400);
      expect(errorOf(refused).message).toBe(message);
    }

    const title = unique('Mailed');
    await send({ title, message: 'Harvest season starts soon.', userIds: [keen.user.id, quiet.user.id] });
    const mail = await eventually(
      async () => mailsTo(keen.user.email).find((m) => m.subject.includes(title)),
      10_000,
      'the mail',
    );
    expect(mail.body).toContain('Harvest season starts soon.');
    // Both mails would have been queued in the one transaction that delivered the notifications.
    expect(await serviceDb('notify')('mail_outbox').where({ user_id: quiet.user.id })).toEqual([]);
    expect(mailsTo(quiet.user.email)).toEqual([]);
  });
});
