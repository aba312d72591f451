// Freezing an account and unfreezing it against the real stack (issue 26 item 7, docs/decisions/0101): one click or
// the link in any security mail stops sign-ins, sessions and withdrawals at once; undoing it takes the password, the
// mailed confirmation, and then the withdrawal hold; an admin's freeze is lifted only by an admin, and audited.
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import {
  adminSession,
  api,
  call,
  deviceCookieOf,
  eventually,
  freshIp,
  registerInvestor,
  uniqueEmail,
  type Session,
} from '../../../test/support/api.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { codeAt, enrolledInvestor } from '../../../test/support/identity.ts';
import { verifiedInvestor } from '../../../test/support/kyc.ts';
import { linkToken, waitForMail } from '../../../test/support/mail.ts';

jest.setTimeout(60_000);
afterAll(closeConnections);

const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

const signIn = (user: Session & { password: string }) =>
  call('POST', '/api/auth/login', {
    ip: freshIp(),
    device: deviceCookieOf(user.user.email),
    body: { email: user.user.email, password: user.password },
  });
const unfreeze = (body: object) => call('POST', '/api/auth/unfreeze', { ip: freshIp(), body });
const confirmUnfreeze = (token: string) =>
  call('POST', '/api/auth/unfreeze/confirm', { ip: freshIp(), body: { token } });
const walletKnowsFrozen = (userId: string, frozen: boolean) =>
  eventually(
    async () =>
      Boolean(await serviceDb('wallet')('frozen_accounts').where({ user_id: userId }).first()) === frozen,
    30_000,
    `the wallet to hear the account is ${frozen ? 'frozen' : 'unfrozen'}`,
  );

describe("freezing one's own account", () => {
  it('ends every session at once and refuses sign-ins; unfreezing needs the password and the mailed link, then withdrawals wait', async () => {
    const owner = await registerInvestor();
    // Only a signed-in owner freezes this way (the authorization matrix leaves this call to this suite).
    expect((await call('POST', '/api/auth/freeze', { ip: freshIp() })).status).toBe(401);
    const other = await signIn(owner);
    const frozen = await api('POST', '/api/auth/freeze', owner.accessToken);
    expect(frozen.status).toBe(200);
    expect(frozen.body).toMatchObject({ frozen: true, frozenBy: 'owner' });
    // This session and the other one are over, access and refresh alike: every verifier hears of it within a
    // second (the revocation event, decision 0052).
    for (const token of [owner.accessToken, other.body.accessToken])
      await eventually(
        async () => (await api('GET', '/api/auth/me', token)).status === 401,
        1000,
        'the frozen account’s token refused',
      );
    expect(
      (
        await call('POST', '/api/auth/refresh', {
          ip: freshIp(),
          body: { refreshToken: other.body.refreshToken },
        })
      ).status,
    ).toBe(401);
    const refused = await signIn(owner);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'ACCOUNT_FROZEN',
      message: expect.stringContaining('Unfreeze my account'),
    });
    const notice = await waitForMail(owner.user.email, /Your account is frozen/);
    expect(notice.body).toContain('/freeze?token=');
    await walletKnowsFrozen(owner.user.id, true);

    // Unfreezing: wrong password and bad input first, changing nothing.
    expect((await unfreeze({ email: owner.user.email, password: 'not-it' })).body.code).toBe(
      'INVALID_CREDENTIALS',
    );
    expect((await unfreeze({ email: owner.user.email })).status).toBe(400);
    const asked = await unfreeze({ email: owner.user.email, password: owner.password });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ sentTo: 'i•••@example.com', expiresAt: expect.any(String) });
    expect((await signIn(owner)).status).toBe(403);
    const link = linkToken(await waitForMail(owner.user.email, /Confirm unfreezing/), 'unfreeze/confirm');
    expect((await confirmUnfreeze('not-a-token')).body.code).toBe('INVALID_UNFREEZE_LINK');
    expect((await confirmUnfreeze(link)).status).toBe(200);
    expect((await confirmUnfreeze(link)).status).toBe(400);
    const back = await signIn(owner);
    expect(back.status).toBe(200);
    await waitForMail(owner.user.email, /Your account is unfrozen/);
    await walletKnowsFrozen(owner.user.id, false);
    const hold = await eventually(
      async () => {
        const answer = (await api('GET', '/api/withdrawals/hold', back.body.accessToken)).body;
        return answer.reason === 'account_unfrozen' ? answer : undefined;
      },
      30_000,
      'the hold after the unfreeze',
    );
    expect(hold.held).toBe(true);
    // Unfreezing an account that is not frozen is refused.
    expect((await unfreeze({ email: owner.user.email, password: owner.password })).body.code).toBe(
      'NOT_FROZEN',
    );
  });

  it('asks an owner with two-factor on for a code or a recovery code before mailing the unfreeze link', async () => {
    const owner = await enrolledInvestor();
    expect((await api('POST', '/api/auth/freeze', owner.accessToken)).status).toBe(200);
    const credentials = { email: owner.user.email, password: owner.password };
    const bare = await unfreeze(credentials);
    expect(bare).toMatchObject({ status: 400, body: { code: 'TWO_FACTOR_CODE_REQUIRED' } });
    const wrong = await unfreeze({ ...credentials, code: codeAt(owner.secret, -20) });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'INVALID_TWO_FACTOR_CODE' } });
    const asked = await unfreeze({ ...credentials, recoveryCode: owner.recoveryCodes[0] });
    expect(asked.status).toBe(200);
    await waitForMail(owner.user.email, /Confirm unfreezing/);
  });

  it('voids an email change started before the freeze: its link no longer moves the account', async () => {
    const owner = await registerInvestor();
    const newEmail = uniqueEmail('taken-over');
    const started = await api('POST', '/api/auth/email-change', owner.accessToken, {
      newEmail,
      currentPassword: owner.password,
    });
    expect(started.status).toBe(200);
    const link = linkToken(await waitForMail(newEmail, /Confirm your new/), 'confirm-email');
    expect((await api('POST', '/api/auth/freeze', owner.accessToken)).status).toBe(200);
    const confirmed = await call('POST', '/api/auth/email-change/confirm', {
      ip: freshIp(),
      body: { token: link },
    });
    expect(confirmed.status).toBe(400);
    const admin = await adminSession();
    expect((await api('GET', `/api/admin/users/${owner.user.id}`, admin.accessToken)).body.email).toBe(
      owner.user.email,
    );
  });

  it('freezes from the link in any security mail, without signing in', async () => {
    const owner = await registerInvestor();
    expect(
      (
        await api('POST', '/api/auth/change-password', owner.accessToken, {
          currentPassword: owner.password,
          newPassword: 'secret-pass-2',
        })
      ).status,
    ).toBe(200);
    const mail = await waitForMail(owner.user.email, /Your password was changed/);
    const frozen = await call('POST', '/api/auth/freeze/link', {
      ip: freshIp(),
      body: { token: linkToken(mail, 'freeze') },
    });
    expect(frozen.body).toEqual({ ok: true });
    expect((await signIn({ ...owner, password: 'secret-pass-2' })).body.code).toBe('ACCOUNT_FROZEN');
    expect(
      (await call('POST', '/api/auth/freeze/link', { ip: freshIp(), body: { token: 'forged' } })).body.code,
    ).toBe('INVALID_FREEZE_LINK');
  });

  it('stops withdrawals: none is requested while frozen, and a pending one cannot be approved', async () => {
    const investor = await verifiedInvestor('100', 'wallet');
    const pending = await api('POST', '/api/withdrawals', investor.accessToken, {
      amount: '10',
      walletAddress: TRON_ADDRESS,
    });
    expect(pending.status).toBe(201);
    const admin = await adminSession();
    await api('POST', `/api/admin/users/${investor.user.id}/freeze`, admin.accessToken, {
      reason: 'Reported phishing',
    });
    await walletKnowsFrozen(investor.user.id, true);
    const approve = await api('PUT', `/api/admin/withdrawals/${pending.body.id}/status`, admin.accessToken, {
      status: 'approved',
      txid: 'a'.repeat(64),
    });
    expect(approve.status).toBe(409);
    expect(approve.body.code).toBe('ACCOUNT_FROZEN');
  });
});

describe("an admin's freeze", () => {
  it('is audited with its reason, shown on the user page, and lifted only by an admin', async () => {
    const owner = await registerInvestor();
    const admin = await adminSession();
    const path = `/api/admin/users/${owner.user.id}`;
    expect((await api('POST', `${path}/freeze`, admin.accessToken, {})).status).toBe(400);
    expect((await api('POST', `${path}/freeze`, owner.accessToken, { reason: 'x' })).status).toBe(403);
    const frozen = await api('POST', `${path}/freeze`, admin.accessToken, { reason: 'Suspected takeover' });
    expect(frozen.body).toMatchObject({ frozen: true, frozenBy: 'admin' });
    expect((await api('GET', `${path}/freeze`, admin.accessToken)).body).toMatchObject({
      frozen: true,
      frozenBy: 'admin',
      newDeviceApproval: true,
    });
    const refused = await signIn(owner);
    expect(refused.body.message).toBe('This account was frozen by an administrator. Please contact support.');
    expect((await unfreeze({ email: owner.user.email, password: owner.password })).body.code).toBe(
      'ACCOUNT_FROZEN_BY_ADMIN',
    );
    await eventually(
      async () => {
        const audit = await api(
          'GET',
          `/api/admin/audit-logs?action=user_freeze&targetId=${owner.user.id}`,
          admin.accessToken,
        );
        return (audit.body.items as { details: { reason?: string } }[]).find(
          (entry) => entry.details.reason === 'Suspected takeover',
        );
      },
      30_000,
      'the audit entry',
    );
    const lifted = await api('POST', `${path}/unfreeze`, admin.accessToken, {
      reason: 'Owner verified by phone',
    });
    expect(lifted.body).toMatchObject({ frozen: false, frozenBy: null });
    expect((await api('POST', `${path}/unfreeze`, admin.accessToken, { reason: 'again' })).body.code).toBe(
      'NOT_FROZEN',
    );
    expect((await signIn(owner)).status).toBe(200);
  });
});
