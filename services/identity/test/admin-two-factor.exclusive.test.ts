// The security setting "two-factor for admin accounts" (enableTwoFactor): an admin without it is sent to
// enrolment at sign-in and gets a session only by confirming a code (docs/decisions/0062-two-factor.md).
// Platform-wide, so it runs on the exclusive stack, one test at a time.
import { afterAll, describe, expect, it } from '@jest/globals';
import { Secret, TOTP } from 'otpauth';
import { AuthResponse, TwoFactorChallenge } from '@cropvest/contracts';
import { identityOperations } from '@cropvest/contracts/identity/api';
import {
  deviceCookieOf,
  loginAdmin,
  registerInvestor,
  stackClient,
  type Session,
} from '../../../test/support/api.ts';

const client = stackClient();
let stackAdmin: Session | undefined;
const saveSecurity = async (settings: { enableTwoFactor: boolean }) => {
  stackAdmin ??= await loginAdmin();
  const saved = await client.call(identityOperations.updateAdminSettings, {
    token: stackAdmin.accessToken,
    body: { section: 'security', settings },
  });
  expect(saved.status).toBe(200);
};
afterAll(() => saveSecurity({ enableTwoFactor: false }));

const signIn = (email: string, password: string) =>
  client.call(identityOperations.login, { device: deviceCookieOf(email), body: { email, password } });

describe('two-factor for admin accounts', () => {
  it('sends an admin without it to enrolment; confirming a code opens the session, and later sign-ins ask for a code', async () => {
    stackAdmin = await loginAdmin();
    const investor = await registerInvestor();
    const promoted = await client.call(identityOperations.updateAdminUser, {
      token: stackAdmin.accessToken,
      path: { id: investor.user.id },
      body: { role: 'admin' },
    });
    expect(promoted.status).toBe(200);
    await saveSecurity({ enableTwoFactor: true });

    const first = await signIn(investor.user.email, investor.password);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoFactor: expect.objectContaining({ required: 'enrol' }) });
    const { challengeToken } = TwoFactorChallenge.parse(first.body).twoFactor;
    // An enrolment challenge is not a code challenge.
    const asCode = await client.call(identityOperations.loginTwoFactor, {
      body: { challengeToken, code: '123456' },
    });
    expect([asCode.status, !asCode.ok && asCode.body.code]).toEqual([400, 'INVALID_CHALLENGE']);

    const enrolment = await client.call(identityOperations.loginTwoFactorEnrolment, {
      body: { challengeToken },
    });
    expect(enrolment.status).toBe(200);
    if (!enrolment.ok) throw new Error(`the enrolment was refused: ${enrolment.body.message}`);
    const secret = Secret.fromBase32(enrolment.body.secret);
    const confirmed = await client.call(identityOperations.loginTwoFactorEnrolmentConfirm, {
      body: { challengeToken, code: TOTP.generate({ secret }) },
    });
    expect(confirmed.status).toBe(200);
    if (!confirmed.ok) throw new Error(`the enrolment's code was refused: ${confirmed.body.message}`);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(confirmed.body.user.role).toBe('admin');
    const firstUsers = await client.call(identityOperations.adminUsers, {
      token: confirmed.body.accessToken,
      query: { pageSize: 1 },
    });
    expect(firstUsers.status).toBe(200);

    const next = await signIn(investor.user.email, investor.password);
    expect(TwoFactorChallenge.parse(next.body).twoFactor.required).toBe('code');

    // Investors are not asked: the setting is about admin accounts.
    const plain = await registerInvestor();
    expect(AuthResponse.parse((await signIn(plain.user.email, plain.password)).body).accessToken).toEqual(
      expect.any(String),
    );
  });
});
