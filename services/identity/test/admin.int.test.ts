import { describe, expect, it, beforeAll } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ErrorBody } from '@cropvest/contracts';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { notificationOperations } from '@cropvest/contracts/notify/api';
import type { OperationBody } from '@cropvest/contracts/operation-call';
import {
  eventually,
  login,
  loginAdmin,
  registerInvestor,
  stack,
  stackClient,
  uniqueEmail,
  type Session,
} from '../../../test/support/api.ts';

const client = stackClient();
/** A refusal's error body. */
const errorOf = (answer: { body: unknown }): ErrorBody => ErrorBody.parse(answer.body);
const edit = (id: string, body: OperationBody<typeof identityOperations.updateAdminUser>) =>
  client.call(identityOperations.updateAdminUser, { token: admin.accessToken, path: { id }, body });

let admin: Session;
beforeAll(async () => {
  admin = await loginAdmin();
});

describe('admin user management', () => {
  it('lists users without password hashes and reads one', async () => {
    const user = await registerInvestor();
    const token = admin.accessToken;
    const list = await client.call(identityOperations.adminUsers, { token, query: { q: user.user.email } });
    expect(list.status).toBe(200);
    if (!list.ok) throw new Error(`the user list was refused: ${list.body.message}`);
    const listed = list.body.find((u) => u.id === user.user.id);
    expect(listed).toMatchObject({ email: user.user.email, role: 'investor', balance: '0.00000000' });
    expect(JSON.stringify(list.body)).not.toMatch(/password/i);
    const read = (id: string) => client.call(identityOperations.adminUser, { token, path: { id } });
    const one = await read(user.user.id);
    expect(one.ok && one.body.id).toBe(user.user.id);
    const missing = await read(randomUUID());
    expect(missing.status).toBe(404);
    expect((await read('not-a-uuid')).status).toBe(400);
  });

  it('edits name, email and role, audits the change with before and after; a role change voids the tokens with the old role', async () => {
    const user = await registerInvestor();
    const email = uniqueEmail('edited');
    const edited = await edit(user.user.id, { name: 'Renamed Person', email: email.toUpperCase() });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Renamed Person', email });

    const audit = await eventually(
      async () => {
        const page = await client.ok(identityOperations.auditLogs, {
          token: admin.accessToken,
          query: { targetId: user.user.id, action: 'user_edit' },
        });
        return page.total === 1 ? page.items[0] : undefined;
      },
      5000,
      'the user_edit audit row',
    );
    expect(audit).toMatchObject({
      adminId: admin.user.id,
      targetType: 'user',
      details: { name: { from: 'Test Investor', to: 'Renamed Person' } },
    });

    const promoted = await edit(user.user.id, { role: 'admin' });
    expect(promoted.ok && promoted.body.role).toBe('admin');
    // The token with the old role stops working; the session stays and its refresh carries the new role.
    await eventually(
      async () => (await client.call(identityOperations.me, { token: user.accessToken })).status === 401,
      1000,
      'the token with the old role to be refused',
    );
    const refreshed = await client.call(identityOperations.refresh, {
      body: { refreshToken: user.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    if (!refreshed.ok) throw new Error(`the refresh was refused: ${refreshed.body.message}`);
    expect(
      (await client.call(identityOperations.adminUsers, { token: refreshed.body.accessToken })).status,
    ).toBe(200);
  });

  it('refuses an email another account has, unknown fields and an empty edit', async () => {
    const a = await registerInvestor();
    const b = await registerInvestor();
    const taken = await edit(a.user.id, { email: b.user.email });
    expect(taken.status).toBe(409);
    expect(errorOf(taken).message).toBe('An account with this email already exists');
    // Raw: bodies the contract cannot express (a field it does not have, a role it does not know).
    const editRaw = (body: unknown) =>
      client.raw('PATCH', identityOperations.updateAdminUser.path.replace('{id}', a.user.id), {
        token: admin.accessToken,
        body,
      });
    const unknown = await editRaw({ isBanned: true });
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown).message).toBe('Unknown field: isBanned');
    const empty = await edit(a.user.id, {});
    expect(empty.status).toBe(400);
    expect(errorOf(empty).message).toBe('Nothing to update');
    const badRole = await editRaw({ role: 'root' });
    expect(badRole.status).toBe(400);
    expect(errorOf(badRole).message).toBe('role must be one of: admin, investor');
  });

  it('an admin cannot change their own role', async () => {
    const self = await edit(admin.user.id, { role: 'investor' });
    expect(self.status).toBe(400);
    expect(errorOf(self).message).toBe('You cannot change your own role');
  });
});

describe('seeded accounts', () => {
  it('are announced like any registration, so other services know them (an admin can notify the demo investor)', async () => {
    const demo = await login(stack().investorEmail, stack().investorPassword);
    const sent = await eventually(
      async () => {
        const result = await client.call(notificationOperations.sendNotification, {
          token: admin.accessToken,
          body: {
            title: 'Welcome',
            message: 'Your account is ready.',
            type: 'general',
            userIds: [demo.user.id],
          },
        });
        return result.status === 201 ? result : undefined;
      },
      10_000,
      'notify to know the seeded investor',
    );
    expect(sent.status).toBe(201);
  });
});

describe('settings', () => {
  it('returns every section with the spec defaults or saved values', async () => {
    const result = await client.call(identityOperations.adminSettings, { token: admin.accessToken });
    expect(result.status).toBe(200);
    if (!result.ok) throw new Error(`the settings were refused: ${result.body.message}`);
    expect(Object.keys(result.body).sort()).toEqual(['general', 'interest', 'security', 'withdrawalLimits']);
    expect(result.body.interest.interestCalculationMethod).toBe('daily');
  });

  it.each([
    [
      { section: 'interest', settings: { minimumInvestment: 20000 } },
      'Minimum investment must be below maximum investment',
    ],
    [{ section: 'interest', settings: { defaultDailyRate: -2 } }, 'Default daily rate must be positive'],
    [
      { section: 'interest', settings: { maximumInvestment: 'ten' } },
      'Maximum investment must be a plain decimal number',
    ],
    [
      { section: 'security', settings: { maxLoginAttempts: 2.5 } },
      'Max login attempts must be a whole number',
    ],
    [{ section: 'security', settings: { sessionTimeout: -1 } }, 'Session timeout must be at least 1 hour'],
    [{ section: 'general', settings: { supportEmail: 'support' } }, 'Please enter a valid email address'],
    [
      { section: 'general', settings: { maintenanceMode: 'on' } },
      'settings.maintenanceMode must be a boolean',
    ],
    [
      { section: 'security', settings: { ipWhitelist: ['203.0.113.0/33'] } },
      'Enter an IP address (203.0.113.7) or a CIDR range (203.0.113.0/24)',
    ],
    [{ section: 'general' }, 'settings is required'],
    [
      { section: 'other', settings: {} },
      'section must be one of: general, interest, security, withdrawalLimits',
    ],
  ])('refuses %j and changes nothing', async (body, message) => {
    const settings = () => client.call(identityOperations.adminSettings, { token: admin.accessToken });
    const before = await settings();
    // Raw: each body breaks the contract on purpose; some the contract's types cannot even express.
    const result = await client.raw('PATCH', identityOperations.updateAdminSettings.path, {
      token: admin.accessToken,
      body,
    });
    expect(result.status).toBe(400);
    expect(errorOf(result).message).toBe(message);
    expect((await settings()).body).toEqual(before.body);
  });

  it('gives the signed-out front end only public settings', async () => {
    const result = await client.call(identityOperations.publicSettings);
    expect(result.status).toBe(200);
    expect(Object.keys(result.body).sort()).toEqual([
      'allowRegistrations',
      'autoCompoundInterest',
      'autoCreditCeiling',
      'autoCreditDeposits',
      'liveChatKey',
      'liveChatScriptUrl',
      'maintenanceMode',
      'platformDescription',
      'platformName',
      'requireKeyInformationAcknowledgement',
      'requireKycForInvesting',
      'supportEmail',
      'supportHours',
    ]);
  });
});

describe('audit log', () => {
  it('records admin sign-ins and filters by admin, action, target and date, newest first, paginated', async () => {
    const session = await loginAdmin();
    const since = new Date(Date.now() - 60_000).toISOString();
    const logins = await eventually(
      async () => {
        const page = await client.ok(identityOperations.auditLogs, {
          token: admin.accessToken,
          query: { action: 'login', adminId: session.user.id, from: since, pageSize: 2 },
        });
        return page.total >= 1 ? page : undefined;
      },
      5000,
      'the login audit row',
    );
    expect(logins.pageSize).toBe(2);
    expect(logins.items.length).toBeLessThanOrEqual(2);
    for (const item of logins.items)
      expect(item).toMatchObject({ action: 'login', adminId: session.user.id });
    const times = logins.items.map((i) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const future = await client.call(identityOperations.auditLogs, {
      token: admin.accessToken,
      query: { from: new Date(Date.now() + 3600_000).toISOString() },
    });
    expect(future.ok && future.body.total).toBe(0);
  });

  it('an audit event delivered twice makes one row', async () => {
    const { connect } = await import('@nats-io/transport-node');
    const { jetstream } = await import('@nats-io/jetstream');
    const { natsOptions } = await import('../../../test/support/connections.ts');
    const nc = await connect(natsOptions());
    const js = jetstream(nc);
    const targetId = randomUUID();
    const event = (id: string) => ({
      id,
      type: 'audit.recorded',
      occurredAt: new Date().toISOString(),
      source: 'test',
      actorId: admin.user.id,
      subjectId: targetId,
      data: {
        adminId: admin.user.id,
        action: 'user_edit',
        targetId,
        targetType: 'user',
        details: {},
        ipAddress: null,
      },
      traceparent: null,
    });
    const duplicated = event(randomUUID());
    // Different Nats-Msg-Ids get past JetStream's de-duplication, as a redelivery would.
    await js.publish('events.audit.recorded', JSON.stringify(duplicated), { msgID: randomUUID() });
    await js.publish('events.audit.recorded', JSON.stringify(duplicated), { msgID: randomUUID() });
    const marker = event(randomUUID());
    await js.publish('events.audit.recorded', JSON.stringify(marker), { msgID: randomUUID() });
    await nc.drain();
    const page = await eventually(
      async () => {
        const result = await client.ok(identityOperations.auditLogs, {
          token: admin.accessToken,
          query: { targetId },
        });
        return result.items.some((i) => i.id === marker.id) ? result : undefined;
      },
      5000,
      'the marker audit row',
    );
    expect(page.items.filter((i) => i.id === duplicated.id)).toHaveLength(1);
    expect(page.total).toBe(2);
  });
});
