// Platform-wide switches. These run on a stack of their own, one test at a time (see jest.config.js).
import { afterEach, describe, expect, it } from '@jest/globals';
import {
  call,
  eventually,
  freshIp,
  login,
  loginAdmin,
  registerInvestor,
  stack,
  uniqueEmail,
} from '../../../test/support/api.ts';

async function save(section: string, settings: Record<string, unknown>) {
  const admin = await loginAdmin();
  const result = await call('PATCH', '/api/admin/settings', {
    token: admin.accessToken,
    body: { section, settings },
  });
  expect(result.status).toBe(200);
  return result.body;
}

afterEach(async () => {
  await save('general', { maintenanceMode: false, allowRegistrations: true });
  await save('security', { maxLoginAttempts: 5, sessionTimeout: 24 });
});

describe('maintenance mode', () => {
  it('answers 503 to investors within seconds while admins keep working; switching it off restores access', async () => {
    const investor = await registerInvestor();
    await save('general', { maintenanceMode: true });
    await eventually(
      async () => (await call('GET', '/api/auth/me', { token: investor.accessToken })).status === 503,
      5000,
      'maintenance at the gateway',
    );
    const blocked = await call('GET', '/api/auth/me', { token: investor.accessToken });
    expect(blocked.body).toMatchObject({
      code: 'MAINTENANCE',
      message: 'The platform is under maintenance. Please try again later.',
    });
    const investorLogin = await call('POST', '/api/auth/login', {
      ip: freshIp(),
      body: { email: investor.user.email, password: investor.password },
    });
    expect(investorLogin.status).toBe(503);
    expect(
      (
        await call('POST', '/api/auth/register', {
          ip: freshIp(),
          body: { name: 'New Person', email: uniqueEmail(), password: 'secret1' },
        })
      ).status,
    ).toBe(503);

    const admin = await loginAdmin();
    expect((await call('GET', '/api/admin/users', { token: admin.accessToken })).status).toBe(200);
    expect((await call('GET', '/api/settings/public')).body.maintenanceMode).toBe(true);

    await save('general', { maintenanceMode: false });
    await eventually(
      async () => (await call('GET', '/api/auth/me', { token: investor.accessToken })).status === 200,
      5000,
      'access after maintenance',
    );
  });
});

describe('registrations', () => {
  it('are refused while allowRegistrations is off', async () => {
    await save('general', { allowRegistrations: false });
    const refused = await call('POST', '/api/auth/register', {
      ip: freshIp(),
      body: { name: 'Late Comer', email: uniqueEmail(), password: 'secret1' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'REGISTRATIONS_CLOSED',
      message: 'New registrations are currently closed.',
    });
    expect((await call('GET', '/api/settings/public')).body.allowRegistrations).toBe(false);
    await save('general', { allowRegistrations: true });
    expect(
      (
        await call('POST', '/api/auth/register', {
          ip: freshIp(),
          body: { name: 'Late Comer', email: uniqueEmail(), password: 'secret1' },
        })
      ).status,
    ).toBe(201);
  });
});

describe('security settings', () => {
  it('max login attempts decides when a source is locked out of an account', async () => {
    await save('security', { maxLoginAttempts: 2 });
    const user = await registerInvestor();
    // The lock is per account and source (decision 0052): every try from one IP.
    const ip = freshIp();
    const wrong = () =>
      call('POST', '/api/auth/login', {
        ip,
        body: { email: user.user.email, password: 'wrong-password' },
      });
    expect((await wrong()).status).toBe(401);
    expect((await wrong()).status).toBe(429);
  });

  it('session timeout bounds how long a refresh token family lives', async () => {
    await save('security', { sessionTimeout: 1 });
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
    const saved = await save('interest', {
      defaultDailyRate: 0.05,
      minimumInvestment: '50',
      maximumInvestment: 5000,
    });
    expect(saved.interest).toMatchObject({
      defaultDailyRate: '0.05',
      minimumInvestment: '50.00000000',
      maximumInvestment: '5000.00000000',
      autoCompoundInterest: true,
    });
    const admin = await loginAdmin();
    const audit = await eventually(
      async () => {
        const page = await call('GET', '/api/admin/audit-logs?action=settings_update&targetId=interest', {
          token: admin.accessToken,
        });
        return page.body.total > 0 ? page.body.items[0] : undefined;
      },
      5000,
      'the settings audit row',
    );
    expect(audit.details.after.defaultDailyRate).toBe('0.05');
    await save('interest', { defaultDailyRate: 2.5, minimumInvestment: 100, maximumInvestment: 10000 });
  });
});
