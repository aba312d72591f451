// The security setting "two-factor for admin accounts" (enableTwoFactor): an admin without it is sent to
// enrolment at sign-in and gets a session only by confirming a code (docs/decisions/0062-two-factor.md).
// Platform-wide, so it runs on the exclusive stack, one test at a time.
import { afterAll, describe, expect, it } from '@jest/globals';
import { Secret, TOTP } from 'otpauth';
import {
  api,
  call,
  deviceCookieOf,
  freshIp,
  loginAdmin,
  registerInvestor,
  type Session,
} from '../../../test/support/api.ts';

let stackAdmin: Session | undefined;
const saveSecurity = async (settings: Record<string, unknown>) => {
  stackAdmin ??= await loginAdmin();
  const saved = await api('PATCH', '/api/admin/settings', stackAdmin.accessToken, {
    section: 'security',
    settings,
  });
  expect(saved.status).toBe(200);
};
afterAll(() => saveSecurity({ enableTwoFactor: false }));

const signIn = (email: string, password: string) =>
  call('POST', '/api/auth/login', {
    ip: freshIp(),
    device: deviceCookieOf(email),
    body: { email, password },
  });

describe('two-factor for admin accounts', () => {
  it('sends an admin without it to enrolment; confirming a code opens the session, and later sign-ins ask for a code', async () => {
    stackAdmin = await loginAdmin();
    const investor = await registerInvestor();
    const promoted = await api('PATCH', `/api/admin/users/${investor.user.id}`, stackAdmin.accessToken, {
      role: 'admin',
    });
    expect(promoted.status).toBe(200);
    await saveSecurity({ enableTwoFactor: true });

    const first = await signIn(investor.user.email, investor.password);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoFactor: expect.objectContaining({ required: 'enrol' }) });
    const { challengeToken } = first.body.twoFactor as { challengeToken: string };
    // An enrolment challenge is not a code challenge.
    const asCode = await call('POST', '/api/auth/login/two-factor', {
      ip: freshIp(),
      body: { challengeToken, code: '123456' },
    });
    expect([asCode.status, asCode.body.code]).toEqual([400, 'INVALID_CHALLENGE']);

    const enrolment = await call('POST', '/api/auth/login/two-factor/enrolment', {
      ip: freshIp(),
      body: { challengeToken },
    });
    expect(enrolment.status).toBe(200);
    const secret = Secret.fromBase32(enrolment.body.secret as string);
    const confirmed = await call('POST', '/api/auth/login/two-factor/enrolment/confirm', {
      ip: freshIp(),
      body: { challengeToken, code: TOTP.generate({ secret }) },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(confirmed.body.user.role).toBe('admin');
    expect((await api('GET', '/api/admin/users?pageSize=1', confirmed.body.accessToken)).status).toBe(200);

    const next = await signIn(investor.user.email, investor.password);
    expect(next.body.twoFactor.required).toBe('code');

    // Investors are not asked: the setting is about admin accounts.
    const plain = await registerInvestor();
    expect((await signIn(plain.user.email, plain.password)).body.accessToken).toEqual(expect.any(String));
  });
});
