// Platform-wide switches. These run on a stack of their own, one test at a time (see jest.config.js).
import { afterEach, describe, expect, it } from '@jest/globals';
import { identityOperations } from '@cropvest/contracts/identity/api';
import type { OperationBody } from '@cropvest/contracts/operation-call';
import {
  eventually,
  freshIp,
  login,
  loginAdmin,
  registerInvestor,
  stack,
  stackClient,
  uniqueEmail,
} from '../../../test/support/api.ts';

const gateway = stackClient();

async function save(body: OperationBody<typeof identityOperations.updateAdminSettings>) {
  const admin = await loginAdmin();
  const result = await gateway.call(identityOperations.updateAdminSettings, {
    token: admin.accessToken,
    body,
  });
  expect(result.status).toBe(200);
  if (!result.ok) throw new Error(`saving the settings failed: ${result.body.message}`);
  return result.body;
}

const me = (token: string) => gateway.call(identityOperations.me, { token });
const register = (name: string) =>
  gateway.call(identityOperations.register, { body: { name, email: uniqueEmail(), password: 'secret1' } });

afterEach(async () => {
  await save({ section: 'general', settings: { maintenanceMode: false, allowRegistrations: true } });
  await save({ section: 'security', settings: { maxLoginAttempts: 5, sessionTimeout: 24 } });
});

describe('maintenance mode', () => {
  it('answers 503 to investors within seconds while admins keep working; switching it off restores access', async () => {
    const investor = await registerInvestor();
    await save({ section: 'general', settings: { maintenanceMode: true } });
    await eventually(
      async () => (await me(investor.accessToken)).status === 503,
      5000,
      'maintenance at the gateway',
    );
    const blocked = await me(investor.accessToken);
    expect(blocked.body).toMatchObject({
      code: 'MAINTENANCE',
      message: 'The platform is under maintenance. Please try again later.',
    });
    const investorLogin = await gateway.call(identityOperations.login, {
      body: { email: investor.user.email, password: investor.password },
    });
    expect(investorLogin.status).toBe(503);
    expect((await register('New Person')).status).toBe(503);

    const admin = await loginAdmin();
    expect((await gateway.call(identityOperations.adminUsers, { token: admin.accessToken })).status).toBe(
      200,
    );
    expect((await gateway.ok(identityOperations.publicSettings)).maintenanceMode).toBe(true);

    await save({ section: 'general', settings: { maintenanceMode: false } });
    await eventually(
      async () => (await me(investor.accessToken)).status === 200,
      5000,
      'access after maintenance',
    );
  });
});

describe('registrations', () => {
  it('are refused while allowRegistrations is off', async () => {
    await save({ section: 'general', settings: { allowRegistrations: false } });
    const refused = await register('Late Comer');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'REGISTRATIONS_CLOSED',
      message: 'New registrations are currently closed.',
    });
    expect((await gateway.ok(identityOperations.publicSettings)).allowRegistrations).toBe(false);
    await save({ section: 'general', settings: { allowRegistrations: true } });
    expect((await register('Late Comer')).status).toBe(201);
  });
});

describe('security settings', () => {
  it('max login attempts decides when a source is locked out of an account', async () => {
    await save({ section: 'security', settings: { maxLoginAttempts: 2 } });
    const user = await registerInvestor();
    // The lock is per account and source (decision 0052): every try from one IP.
    const ip = freshIp();
    const wrong = () =>
      gateway.call(identityOperations.login, {
        ip,
        body: { email: user.user.email, password: 'wrong-password' },
      });
    expect((await wrong()).status).toBe(401);
    expect((await wrong()).status).toBe(429);
  });

  it('session timeout bounds how long a refresh token family lives', async () => {
    await save({ section: 'security', settings: { sessionTimeout: 1 } });
    const user = await registerInvestor();
    const { Client } = (await import('pg')).default;
    const client = new Client({ connectionString: stack().databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ hours: number }>(
        `SELECT EXTRACT(EPOCH FROM (expires_at - created_at)) / 3600 AS hours FROM identity.refresh_tokens WHERE user_id = $1`,
        [user.user.id],
      );
      expect(Number(rows[0]?.hours)).toBeCloseTo(1, 1);
    } finally {
      await client.end();
    }
    const session = await login(user.user.email, user.password);
    expect(session.refreshToken).toBeTruthy();
  });

  it('a saved section is returned merged, audited and announced', async () => {
    const admin = await loginAdmin();
    const interestAudits = () =>
      gateway.ok(identityOperations.auditLogs, {
        token: admin.accessToken,
        query: { action: 'settings_update', targetId: 'interest' },
      });
    // Earlier suites saved this section too: the row to read is the one this save adds.
    const before = (await interestAudits()).total;
    const saved = await save({
      section: 'interest',
      settings: { defaultDailyRate: 0.05, minimumInvestment: '50', maximumInvestment: 5000 },
    });
    expect(saved.interest).toMatchObject({
      defaultDailyRate: '0.05',
      minimumInvestment: '50.00000000',
      maximumInvestment: '5000.00000000',
      autoCompoundInterest: true,
    });
    const audit = await eventually(
      async () => {
        const page = await interestAudits();
        return page.total > before ? page.items[0] : undefined;
      },
      5000,
      'the settings audit row',
    );
    expect(audit.details).toMatchObject({ after: { defaultDailyRate: '0.05' } });
    await save({
      section: 'interest',
      settings: { defaultDailyRate: 2.5, minimumInvestment: 100, maximumInvestment: 10000 },
    });
  });
});
