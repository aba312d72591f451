// Freezing an account and unfreezing it against the real stack (issue 26 item 7, docs/decisions/0101): one click or
// the link in any security mail stops sign-ins, sessions and withdrawals at once; undoing it takes the password, the
// mailed confirmation, and then the withdrawal hold; an admin's freeze is lifted only by an admin, and audited.
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import type { ErrorBody, UnfreezeRequest } from '@cropvest/contracts';
import { accountProtectionOperations } from '@cropvest/contracts/identity/account-protection-api';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { withdrawalHoldOperations } from '@cropvest/contracts/wallet/withdrawal-holds-api';
import {
  adminSession,
  deviceCookieOf,
  eventually,
  registerInvestor,
  stackClient,
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

const client = stackClient();
const signIn = (user: Session & { password: string }) =>
  client.call(identityOperations.login, {
    device: deviceCookieOf(user.user.email),
    body: { email: user.user.email, password: user.password },
  });
const freeze = (token?: string) => client.call(accountProtectionOperations.freezeAccount, { token });
const unfreeze = (body: UnfreezeRequest) =>
  client.call(accountProtectionOperations.requestUnfreeze, { body });
const confirmUnfreeze = (token: string) =>
  client.call(accountProtectionOperations.confirmUnfreeze, { body: { token } });
/** The error code of a refusal (none when the call succeeded). */
const codeOf = (answer: { ok: true } | { ok: false; body: ErrorBody }) =>
  answer.ok ? undefined : answer.body.code;
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
    expect((await freeze()).status).toBe(401);
    const other = await signIn(owner);
    if (!other.ok || !('accessToken' in other.body))
      throw new Error(`the second sign-in opened no session: ${JSON.stringify(other.body)}`);
    const otherSession = other.body;
    const frozen = await freeze(owner.accessToken);
    expect(frozen.status).toBe(200);
    expect(frozen.body).toMatchObject({ frozen: true, frozenBy: 'owner' });
    // This session and the other one are over, access and refresh alike: every verifier hears of it within a
    // second (the revocation event, decision 0052).
    for (const token of [owner.accessToken, otherSession.accessToken])
      await eventually(
        async () => (await client.call(identityOperations.me, { token })).status === 401,
        1000,
        'the frozen account’s token refused',
      );
    const refreshed = await client.call(identityOperations.refresh, {
      body: { refreshToken: otherSession.refreshToken },
    });
    expect(refreshed.status).toBe(401);
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
    expect(codeOf(await unfreeze({ email: owner.user.email, password: 'not-it' }))).toBe(
      'INVALID_CREDENTIALS',
    );
    // Raw: a request without the password the contract requires.
    const noPassword = { email: owner.user.email };
    expect(
      (await client.raw('POST', accountProtectionOperations.requestUnfreeze.path, { body: noPassword }))
        .status,
    ).toBe(400);
    const asked = await unfreeze({ email: owner.user.email, password: owner.password });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ sentTo: 'i•••@example.com', expiresAt: expect.any(String) });
    expect((await signIn(owner)).status).toBe(403);
    const link = linkToken(await waitForMail(owner.user.email, /Confirm unfreezing/), 'unfreeze/confirm');
    expect(codeOf(await confirmUnfreeze('not-a-token'))).toBe('INVALID_UNFREEZE_LINK');
    expect((await confirmUnfreeze(link)).status).toBe(200);
    expect((await confirmUnfreeze(link)).status).toBe(400);
    const back = await signIn(owner);
    expect(back.status).toBe(200);
    if (!back.ok || !('accessToken' in back.body))
      throw new Error(`the sign-in after unfreezing opened no session: ${JSON.stringify(back.body)}`);
    const backToken = back.body.accessToken;
    await waitForMail(owner.user.email, /Your account is unfrozen/);
    await walletKnowsFrozen(owner.user.id, false);
    const hold = await eventually(
      async () => {
        const answer = await client.ok(withdrawalHoldOperations.myWithdrawalHold, { token: backToken });
        return answer.reason === 'account_unfrozen' ? answer : undefined;
      },
      30_000,
      'the hold after the unfreeze',
    );
    expect(hold.held).toBe(true);
    // Unfreezing an account that is not frozen is refused.
    expect(codeOf(await unfreeze({ email: owner.user.email, password: owner.password }))).toBe('NOT_FROZEN');
  });

  it('asks an owner with two-factor on for a code or a recovery code before mailing the unfreeze link', async () => {
    const owner = await enrolledInvestor();
    expect((await freeze(owner.accessToken)).status).toBe(200);
    const credentials = { email: owner.user.email, password: owner.password };
    const bare = await unfreeze(credentials);
    expect(bare).toMatchObject({ status: 400, body: { code: 'TWO_FACTOR_CODE_REQUIRED' } });
    const wrong = await unfreeze({ ...credentials, code: codeAt(owner.secret, -20) });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'INVALID_TWO_FACTOR_CODE' } });
    const asked = await unfreeze({ ...credentials, recoveryCode: owner.recoveryCodes[0]! });
    expect(asked.status).toBe(200);
    await waitForMail(owner.user.email, /Confirm unfreezing/);
  });

  it('voids an email change started before the freeze: its link no longer moves the account', async () => {
    const owner = await registerInvestor();
    const newEmail = uniqueEmail('taken-over');
    const started = await client.call(identityOperations.requestEmailChange, {
      token: owner.accessToken,
      body: { newEmail, currentPassword: owner.password },
    });
    expect(started.status).toBe(200);
    const link = linkToken(await waitForMail(newEmail, /Confirm your new/), 'confirm-email');
    expect((await freeze(owner.accessToken)).status).toBe(200);
    const confirmed = await client.call(identityOperations.confirmEmailChange, { body: { token: link } });
    expect(confirmed.status).toBe(400);
    const admin = await adminSession();
    const shown = await client.ok(identityOperations.adminUser, {
      token: admin.accessToken,
      path: { id: owner.user.id },
    });
    expect(shown.email).toBe(owner.user.email);
  });

  it('freezes from the link in any security mail, without signing in', async () => {
    const owner = await registerInvestor();
    const changed = await client.call(identityOperations.changePassword, {
      token: owner.accessToken,
      body: { currentPassword: owner.password, newPassword: 'secret-pass-2' },
    });
    expect(changed.status).toBe(200);
    const mail = await waitForMail(owner.user.email, /Your password was changed/);
    const freezeByLink = (token: string) =>
      client.call(accountProtectionOperations.freezeByLink, { body: { token } });
    const frozen = await freezeByLink(linkToken(mail, 'freeze'));
    expect(frozen.body).toEqual({ ok: true });
    expect(codeOf(await signIn({ ...owner, password: 'secret-pass-2' }))).toBe('ACCOUNT_FROZEN');
    expect(codeOf(await freezeByLink('forged'))).toBe('INVALID_FREEZE_LINK');
  });

  it('stops withdrawals: none is requested while frozen, and a pending one cannot be approved', async () => {
    const investor = await verifiedInvestor('100', 'wallet');
    const pending = await client.call(walletOperations.requestWithdrawal, {
      token: investor.accessToken,
      body: { amount: '10', walletAddress: TRON_ADDRESS },
    });
    expect(pending.status).toBe(201);
    if (!pending.ok) throw new Error(`the withdrawal was refused: ${pending.body.message}`);
    const admin = await adminSession();
    await client.call(accountProtectionOperations.adminFreezeUser, {
      token: admin.accessToken,
      path: { id: investor.user.id },
      body: { reason: 'Reported phishing' },
    });
    await walletKnowsFrozen(investor.user.id, true);
    const approve = await client.call(walletOperations.reviewWithdrawal, {
      token: admin.accessToken,
      path: { id: pending.body.id },
      body: { status: 'approved', txid: 'a'.repeat(64) },
    });
    expect(approve.status).toBe(409);
    expect(codeOf(approve)).toBe('ACCOUNT_FROZEN');
  });
});

describe("an admin's freeze", () => {
  it('is audited with its reason, shown on the user page, and lifted only by an admin', async () => {
    const owner = await registerInvestor();
    const admin = await adminSession();
    const path = { id: owner.user.id };
    const adminFreeze = (token: string, reason: string) =>
      client.call(accountProtectionOperations.adminFreezeUser, { token, path, body: { reason } });
    const adminUnfreeze = (reason: string) =>
      client.call(accountProtectionOperations.adminUnfreezeUser, {
        token: admin.accessToken,
        path,
        body: { reason },
      });
    // Raw: a freeze without the reason the contract requires.
    const freezePath = accountProtectionOperations.adminFreezeUser.path.replace('{id}', owner.user.id);
    expect((await client.raw('POST', freezePath, { token: admin.accessToken, body: {} })).status).toBe(400);
    expect((await adminFreeze(owner.accessToken, 'x')).status).toBe(403);
    const frozen = await adminFreeze(admin.accessToken, 'Suspected takeover');
    expect(frozen.body).toMatchObject({ frozen: true, frozenBy: 'admin' });
    expect(
      (await client.call(accountProtectionOperations.userFreeze, { token: admin.accessToken, path })).body,
    ).toMatchObject({
      frozen: true,
      frozenBy: 'admin',
      newDeviceApproval: true,
    });
    const refused = await signIn(owner);
    expect(!refused.ok && refused.body.message).toBe(
      'This account was frozen by an administrator. Please contact support.',
    );
    expect(codeOf(await unfreeze({ email: owner.user.email, password: owner.password }))).toBe(
      'ACCOUNT_FROZEN_BY_ADMIN',
    );
    await eventually(
      async () => {
        const audit = await client.ok(identityOperations.auditLogs, {
          token: admin.accessToken,
          query: { action: 'user_freeze', targetId: owner.user.id },
        });
        return audit.items.find((entry) => entry.details.reason === 'Suspected takeover');
      },
      30_000,
      'the audit entry',
    );
    const lifted = await adminUnfreeze('Owner verified by phone');
    expect(lifted.body).toMatchObject({ frozen: false, frozenBy: null });
    expect(codeOf(await adminUnfreeze('again'))).toBe('NOT_FROZEN');
    expect((await signIn(owner)).status).toBe(200);
  });
});
