// The admin's notification history and recipient picker on the real stack: the history runs the shared
// admin-list checks (test/support/admin-list-suite.ts: paging, search in title and message, type filters, both
// orders, bad queries, role refusal); then each send with its recipients and how many read it, per-type counts,
// hostile text taken literally, the picker's paged search of users by name and email, and its refusals.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { notificationOperations } from '@cropvest/contracts/notify/api';
import type { OperationAnswer, OperationBody, OperationQuery } from '@cropvest/contracts/operation-call';
import {
  call,
  eventually,
  freshIp,
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

const api = (session: Session | undefined, method: string, path: string, body?: unknown) =>
  call(method, path, { token: session?.accessToken, ip: freshIp(), body });

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

    const aliceCopy = ((await api(alice, 'GET', '/api/notifications?pageSize=50')).body as any[]).find(
      (n) => n.title === targeted.title,
    );
    expect((await api(alice, 'PUT', `/api/notifications/${aliceCopy.id}/read`)).status).toBe(200);
    expect((await listed()).readCount).toBe(1);
    await api(alice, 'PUT', `/api/notifications/${aliceCopy.id}/read`);
    expect((await listed()).readCount).toBe(1);

    const bobBroadcast = ((await api(bob, 'GET', '/api/notifications?pageSize=50')).body as any[]).find(
      (n) => n.id && n.title === broadcast.title,
    );
    await api(bob, 'PUT', `/api/notifications/${bobBroadcast.id}/read`);
    expect((await history({ q: `${tag} maintenance` })).items[0]!.readCount).toBe(1);
  });

  it('searches title and message, filters by type and counts each type of the search', async () => {
    expect((await history({ q: `${tag} PRIVATE` })).items.map((s) => s.id)).toEqual([sends[1]!.id]);
    expect((await history({ q: tag, type: 'deposit' })).items.map((s) => s.id)).toEqual([sends[0]!.id]);
    const counts = await api(admin, 'GET', `/api/admin/notifications/counts?q=${tag}`);
    expect(counts.body).toEqual({
      all: 3,
      general: 1,
      deposit: 1,
      withdrawal: 0,
      investment: 0,
      security: 1,
    });
    const everything = (await api(admin, 'GET', '/api/admin/notifications/counts')).body;
    const { all, ...byType } = everything as Record<string, number>;
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
    const cases: [string, string, RegExp][] = [
      ['/api/admin/notifications', 'type=email', /type must be one of/],
      ['/api/admin/notifications/counts', 'q=a%00', /NUL/],
      ['/api/admin/notifications/recipients', 'pageSize=500', /pageSize|200/],
      ['/api/admin/notifications/recipients', 'role=admin', /role|Unrecognized/i],
    ];
    for (const [path, query, message] of cases) {
      const refused = await api(admin, 'GET', `${path}?${query}`);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(message);
    }
  });
});

adminList(notificationOperations.notificationRecipients).describe({
  seed: async (seedTag) => {
    // Registered in the reverse of the picker's order, which is by name.
    const [cat, ben, ann] = [
      await registerInvestor({ name: `Cat Picker ${seedTag}` }),
      await registerInvestor({ name: `Ben Picker ${seedTag}` }),
      await registerInvestor({ name: `Ann Picker ${seedTag}` }),
    ];
    await eventually(
      async () => (await recipients({ q: seedTag })).total === 3,
      15_000,
      'the three users in notify’s projection',
    );
    return {
      ids: [ann.user.id, ben.user.id, cat.user.id],
      scope: { q: seedTag },
      term: seedTag,
      searches: [
        { q: `ben picker ${seedTag}`, ids: [ben.user.id] },
        { q: cat.user.email, ids: [cat.user.id] },
      ],
    };
  },
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
    for (const path of ['/api/admin/notifications/counts', `/api/admin/notifications/recipients?q=${tag}`]) {
      const viaGateway = await api(alice, 'GET', path);
      expect(viaGateway.status).toBe(403);
      expect(JSON.stringify(viaGateway.body)).not.toContain(tag);
      const direct = await call('GET', path, { token: alice.accessToken, base: stack().services.notify });
      expect(direct.status).toBe(403);
      expect((await call('GET', path, { base: stack().services.notify })).status).toBe(401);
    }
  });
});
