// Periodic password reset (issue 13 section 2): with the switch on, a password older than 90 days must be
// changed at the next sign-in before anything else; the gateway and the services refuse every other call until
// it is. Platform-wide, so on the exclusive stack.
import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import {
  call,
  deviceCookieOf,
  freshIp,
  loginAdmin,
  registerInvestor,
  stack,
} from '../../../test/support/api.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';

async function saveSecurity(settings: Record<string, unknown>): Promise<void> {
  const admin = await loginAdmin();
  const result = await call('PATCH', '/api/admin/settings', {
    token: admin.accessToken,
    body: { section: 'security', settings },
  });
  expect(result.status).toBe(200);
}

/** The password was last changed `days` ago (identity's own row). */
const passwordAge = (userId: string, days: number) =>
  serviceDb('identity').raw(`UPDATE users SET password_changed_at = now() - ?::interval WHERE id = ?`, [
    `${days} days`,
    userId,
  ]);

const signIn = (email: string, password: string) =>
  call('POST', '/api/auth/login', {
    ip: freshIp(),
    device: deviceCookieOf(email),
    body: { email, password },
  });

afterEach(() => saveSecurity({ requirePasswordReset: false }));
afterAll(closeConnections);

describe('periodic password reset', () => {
  it('lets a session with a password older than 90 days only change it; afterwards everything works again', async () => {
    const investor = await registerInvestor();
    await passwordAge(investor.user.id, 91);
    await saveSecurity({ requirePasswordReset: true });

    const expired = await signIn(investor.user.email, investor.password);
    expect(expired.status).toBe(200);
    expect(expired.body.passwordChangeRequired).toBe(true);
    const token = expired.body.accessToken as string;

    const refused = await call('GET', '/api/deposits', { token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'PASSWORD_EXPIRED',
      message: 'Your password has expired. Please change it to continue.',
    });
    // The service refuses it too when reached without the gateway.
    const direct = await call('GET', '/api/deposits', { token, base: stack().services.wallet });
    expect(direct).toMatchObject({ status: 403, body: { code: 'PASSWORD_EXPIRED' } });
    // A refresh still carries the duty.
    const refreshed = await call('POST', '/api/auth/refresh', {
      body: { refreshToken: expired.body.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    expect((await call('GET', '/api/support', { token: refreshed.body.accessToken })).status).toBe(403);
    expect((await call('GET', '/api/auth/me', { token: refreshed.body.accessToken })).status).toBe(200);

    const changed = await call('POST', '/api/auth/change-password', {
      token: refreshed.body.accessToken,
      body: { currentPassword: investor.password, newPassword: 'a-new-secret-9' },
    });
    expect(changed.status).toBe(200);
    const renewed = await call('POST', '/api/auth/refresh', {
      body: { refreshToken: refreshed.body.refreshToken },
    });
    expect(renewed.status).toBe(200);
    expect((await call('GET', '/api/deposits', { token: renewed.body.accessToken })).status).toBe(200);

    const again = await signIn(investor.user.email, 'a-new-secret-9');
    expect(again.status).toBe(200);
    expect(again.body.passwordChangeRequired).toBeUndefined();
  });

  it('asks nothing of a recent password, nor of an old one while the switch is off', async () => {
    const recent = await registerInvestor();
    const old = await registerInvestor();
    await passwordAge(recent.user.id, 89);
    await passwordAge(old.user.id, 400);

    const whileOff = await signIn(old.user.email, old.password);
    expect(whileOff.body.passwordChangeRequired).toBeUndefined();
    expect((await call('GET', '/api/deposits', { token: whileOff.body.accessToken })).status).toBe(200);

    await saveSecurity({ requirePasswordReset: true });
    const fresh = await signIn(recent.user.email, recent.password);
    expect(fresh.body.passwordChangeRequired).toBeUndefined();
    expect((await call('GET', '/api/deposits', { token: fresh.body.accessToken })).status).toBe(200);
  });
});
