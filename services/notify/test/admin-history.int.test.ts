// The admin's notification history and recipient picker on the real stack: the history runs the shared
// admin-list checks (test/support/admin-list-suite.ts: paging, search in title and message, type filters, both
// orders, bad queries, role refusal); then each send with its recipients and how many read it, per-type counts,
// hostile text taken literally, the picker's paged search of users by name and email, and its refusals.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ErrorBody } from '@cropvest/contracts';
import { notificationOperations } from '@cropvest/contracts/notify/api';
import {
  operationCall,
  queryString,
  type OperationAnswer,
  type OperationBody,
  type OperationQuery,
} from '@cropvest/contracts/operation-call';
import {
  eventually,
  loginAdmin,
  registerInvestor,
  stack,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';
import { adminList } from '../../../test/support/admin-list-suite.ts';

jest.setTimeout(60_000);

type Sent = OperationAnswer<typeof notificationOperations.sendNotification>;

let admin: Session;
let alice: Session;
let bob: Session;
/** A token in every title and name of this run, so searches see only this file's sends and users. */
const tag = randomUUID().slice(0, 8);
const sends: Sent[] = [];

const client = stackClient();

/** `session`'s own notifications, the newest 50. */
const inbox = (session: Session) =>
  client.ok(notificationOperations.myNotifications, { token: session.accessToken, query: { pageSize: 50 } });
const markRead = (session: Session, id: string) =>
  client.call(notificationOperations.markNotificationRead, { token: session.accessToken, path: { id } });
const counts = (query: OperationQuery<typeof notificationOperations.adminNotificationCounts> = {}) =>
  client.ok(notificationOperations.adminNotificationCounts, { token: admin.accessToken, query });

async function history(query: OperationQuery<typeof notificationOperations.adminNotifications>) {
  const result = await stackClient().call(notificationOperations.adminNotifications, {
    token: admin.accessToken,
    query,
  });
  if (!result.ok) throw new Error(`the history refused: ${result.status} ${result.body.message}`);
  return { items: result.body, total: Number(result.headers.get('x-total-count')) };
}

async function recipients(query: OperationQuery<typeof notificationOperations.notificationRecipients>) {
  const result = await stackClient().call(notificationOperations.notificationRecipients, {
    token: admin.accessToken,
    query,
  });
  if (!result.ok) throw new Error(`the picker refused: ${result.status} ${result.body.message}`);
  return { items: result.body, total: Number(result.headers.get('x-total-count')) };
}

beforeAll(async () => {
  admin = await loginAdmin();
  alice = await registerInvestor({ name: `Alice Recipient ${tag}` });
  bob = await registerInvestor({ name: `Bob Recipient ${tag}` });
  // The picker lists what notify's projection knows: wait for both, as an admin would see them.
  await eventually(
    async () => (await recipients({ q: tag })).total === 2,
    15_000,
    'both users in notify’s projection',
  );
  const bodies: (Omit<OperationBody<typeof notificationOperations.sendNotification>, 'userIds'> & {
    userIds?: string[];
  })[] = [
    { title: `${tag} deposits 100% credited`, message: 'All pending deposits are in.', type: 'deposit' },
    {
      title: `${tag} for two`,
      message: `Only for the two of you (${tag} private)`,
      type: 'security',
      userIds: [bob.user.id, alice.user.id],
    },
    { title: `${tag} maintenance`, message: 'Tonight at ten.', type: 'general' },
  ];
  for (const body of bodies) {
    sends.push(
      await stackClient().ok(notificationOperations.sendNotification, {
        token: admin.accessToken,
        body: { userIds: null, ...body },
      }),
    );
  }
});

adminList(notificationOperations.adminNotifications).describe({
  seed: async () => {
    const [deposit, security, general] = sends.map(({ id }) => id) as [string, string, string];
    const byTitle = [...sends].sort((x, y) => x.title.localeCompare(y.title)).map(({ id }) => id);
    return {
      ids: [general, security, deposit],
      scope: { q: tag },
      term: tag,
      searches: [
        { q: `${tag} private`, ids: [security] },
        { q: `${tag} maintenance`, ids: [general] },
      ],
      filters: [
        { query: { type: 'deposit' }, ids: [deposit] },
        { query: { type: 'security' }, ids: [security] },
        { query: { type: 'withdrawal' }, ids: [] },
      ],
      sorts: [
        { query: { sort: 'createdAt' }, ids: [deposit, security, general] },
        { query: { sort: 'title' }, ids: byTitle },
      ],
    };
  },
});

describe('GET /api/admin/notifications', () => {
  it('shows whom each send went to and how many read it, as the readers read', async () => {
    const targeted = sends[1]!;
    const listed = () => history({ q: `${tag} for two` }).then((page) => page.items[0]!);
    expect(await listed()).toMatchObject({
      id: targeted.id,
      recipientCount: 2,
      recipients: [
        { id: bob.user.id, name: `Bob Recipient ${tag}`, email: bob.user.email },
        { id: alice.user.id, name: `Alice Recipient ${tag}`, email: alice.user.email },
      ],
      readCount: 0,
    });
    const broadcast = (await history({ q: `${tag} maintenance` })).items[0]!;
    expect(broadcast).toMatchObject({ userIds: null, recipientCount: null, recipients: [], readCount: 0 });

    const aliceCopy = (await inbox(alice)).find((n) => n.title === targeted.title);
    if (!aliceCopy) throw new Error('alice did not get the targeted notification');
    expect((await markRead(alice, aliceCopy.id)).status).toBe(200);
    expect((await listed()).readCount).toBe(1);
    await markRead(alice, aliceCopy.id);
    expect((await listed()).readCount).toBe(1);

    const bobBroadcast = (await inbox(bob)).find((n) => n.id && n.title === broadcast.title);
    if (!bobBroadcast) throw new Error('bob did not get the broadcast');
    await markRead(bob, bobBroadcast.id);
    expect((await history({ q: `${tag} maintenance` })).items[0]!.readCount).toBe(1);
  });

  it('searches title and message, filters by type and counts each type of the search', async () => {
    expect((await history({ q: `${tag} PRIVATE` })).items.map((s) => s.id)).toEqual([sends[1]!.id]);
    expect((await history({ q: tag, type: 'deposit' })).items.map((s) => s.id)).toEqual([sends[0]!.id]);
    expect(await counts({ q: tag })).toEqual({
      all: 3,
      general: 1,
      deposit: 1,
      withdrawal: 0,
      investment: 0,
      security: 1,
    });
    const { all, ...byType } = await counts();
    expect(Object.values(byType).reduce((sum, n) => sum + n, 0)).toBe(all);
  });

  it('takes hostile search text literally', async () => {
    expect((await history({ q: `${tag} deposits 100%` })).items.map((s) => s.id)).toEqual([sends[0]!.id]);
    for (const hostile of [
      `${tag}%`,
      `${tag}_`,
      `${tag}\\`,
      `${tag}' OR '1'='1`,
      `${tag}); DELETE FROM admin_sends; --`,
    ]) {
      expect((await history({ q: hostile })).total).toBe(0);
      expect((await recipients({ q: hostile })).total).toBe(0);
    }
    expect((await history({ q: tag })).total).toBe(3);
  });

  it('refuses bad queries with a 400 naming the parameter', async () => {
    const token = admin.accessToken;
    // Raw: a type and a field the contract's queries do not take.
    const raw = (path: string, query: string) => client.raw('GET', `${path}?${query}`, { token });
    const cases: [{ status: number; body: unknown }, RegExp][] = [
      [await raw(notificationOperations.adminNotifications.path, 'type=email'), /type must be one of/],
      [
        await client.call(notificationOperations.adminNotificationCounts, { token, query: { q: 'a\0' } }),
        /NUL/,
      ],
      [
        await client.call(notificationOperations.notificationRecipients, { token, query: { pageSize: 500 } }),
        /pageSize|200/,
      ],
      [await raw(notificationOperations.notificationRecipients.path, 'role=admin'), /role|Unrecognized/i],
    ];
    for (const [refused, message] of cases) {
      expect(refused.status).toBe(400);
      expect(ErrorBody.parse(refused.body).message).toMatch(message);
    }
  });
});

describe('GET /api/admin/notifications/recipients', () => {
  it('pages the users by name, searched in name and email', async () => {
    const first = await recipients({ q: tag, pageSize: '1' });
    const second = await recipients({ q: tag, pageSize: '1', page: '2' });
    expect(first.total).toBe(2);
    expect([...first.items, ...second.items]).toEqual([
      { id: alice.user.id, name: `Alice Recipient ${tag}`, email: alice.user.email },
      { id: bob.user.id, name: `Bob Recipient ${tag}`, email: bob.user.email },
    ]);
    expect((await recipients({ q: bob.user.email.toUpperCase() })).items.map((u) => u.id)).toEqual([
      bob.user.id,
    ]);
  });
});

describe('who may ask', () => {
  it('refuses investors at the gateway and at the service, and anonymous callers', async () => {
    const token = alice.accessToken;
    const viaGateway = [
      await client.call(notificationOperations.adminNotificationCounts, { token }),
      await client.call(notificationOperations.notificationRecipients, { token, query: { q: tag } }),
    ];
    for (const answer of viaGateway) {
      expect(answer.status).toBe(403);
      expect(JSON.stringify(answer.body)).not.toContain(tag);
    }
    // Raw: the notify service called directly, past the gateway (the same calls, built from the operations).
    for (const { method, path, query } of [
      operationCall(notificationOperations.adminNotificationCounts),
      operationCall(notificationOperations.notificationRecipients, { query: { q: tag } }),
    ]) {
      const route = `${path}${queryString(query)}`;
      const base = stack().services.notify;
      expect((await client.raw(method, route, { token, base })).status).toBe(403);
      expect((await client.raw(method, route, { base })).status).toBe(401);
    }
  });
});
