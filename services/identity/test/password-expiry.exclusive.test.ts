// Periodic password reset (issue 13 section 2): with the switch on, a password older than 90 days must be
// changed at the next sign-in before anything else; the gateway and the services refuse every other call until
// it is. Platform-wide, so on the exclusive stack.
import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { AuthResponse } from '@cropvest/contracts';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { supportOperations } from '@cropvest/contracts/support/api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  deviceCookieOf,
  loginAdmin,
  registerInvestor,
  stack,
  stackClient,
} from '../../../test/support/api.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';

const client = stackClient();

async function saveSecurity(settings: { requirePasswordReset: boolean }): Promise<void> {
  const admin = await loginAdmin();
  const result = await client.call(identityOperations.updateAdminSettings, {
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
  client.call(identityOperations.login, { device: deviceCookieOf(email), body: { email, password } });
/** The session a sign-in opened (no second step is asked here). */
const sessionOf = (answer: { body: unknown }): AuthResponse => AuthResponse.parse(answer.body);
const deposits = (token: string) => client.call(walletOperations.myDeposits, { token });
const refresh = (refreshToken: string) => client.call(identityOperations.refresh, { body: { refreshToken } });

afterEach(() => saveSecurity({ requirePasswordReset: false }));
afterAll(closeConnections);

describe('periodic password reset', () => {
  it('lets a session with a password older than 90 days only change it; afterwards everything works again', async () => {
    const investor = await registerInvestor();
    await passwordAge(investor.user.id, 91);
    await saveSecurity({ requirePasswordReset: true });

    const expired = await signIn(investor.user.email, investor.password);
    expect(expired.status).toBe(200);
    expect(sessionOf(expired).passwordChangeRequired).toBe(true);
    const token = sessionOf(expired).accessToken;

    const refused = await deposits(token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'PASSWORD_EXPIRED',
      message: 'Your password has expired. Please change it to continue.',
    });
    // The service refuses it too when reached without the gateway.
    // Raw: the typed client calls through the gateway only, and this call bypasses it.
    const direct = await client.raw('GET', walletOperations.myDeposits.path, {
      token,
      base: stack().services.wallet,
    });
    expect(direct).toMatchObject({ status: 403, body: { code: 'PASSWORD_EXPIRED' } });
    // A refresh still carries the duty.
    const refreshed = await refresh(sessionOf(expired).refreshToken);
    expect(refreshed.status).toBe(200);
    if (!refreshed.ok) throw new Error(`the refresh was refused: ${refreshed.body.message}`);
    const refreshedToken = refreshed.body.accessToken;
    expect((await client.call(supportOperations.myTickets, { token: refreshedToken })).status).toBe(403);
    expect((await client.call(identityOperations.me, { token: refreshedToken })).status).toBe(200);

    const changed = await client.call(identityOperations.changePassword, {
      token: refreshedToken,
      body: { currentPassword: investor.password, newPassword: 'a-new-secret-9' },
    });
    expect(changed.status).toBe(200);
    const renewed = await refresh(refreshed.body.refreshToken);
    expect(renewed.status).toBe(200);
    if (!renewed.ok) throw new Error(`the refresh was refused: ${renewed.body.message}`);
    expect((await deposits(renewed.body.accessToken)).status).toBe(200);

    const again = await signIn(investor.user.email, 'a-new-secret-9');
    expect(again.status).toBe(200);
    expect(sessionOf(again).passwordChangeRequired).toBeUndefined();
  });

  it('asks nothing of a recent password, nor of an old one while the switch is off', async () => {
    const recent = await registerInvestor();
    const old = await registerInvestor();
    await passwordAge(recent.user.id, 89);
    await passwordAge(old.user.id, 400);

    const whileOff = await signIn(old.user.email, old.password);
    expect(sessionOf(whileOff).passwordChangeRequired).toBeUndefined();
    expect((await deposits(sessionOf(whileOff).accessToken)).status).toBe(200);

    await saveSecurity({ requirePasswordReset: true });
    const fresh = await signIn(recent.user.email, recent.password);
    expect(sessionOf(fresh).passwordChangeRequired).toBeUndefined();
    expect((await deposits(sessionOf(fresh).accessToken)).status).toBe(200);
  });
});
