// New-device approval and trusted devices against the real stack (issue 26 item 5, docs/decisions/0100): a sign-in
// from a device and network the account never used waits for the link mailed to the owner; only the browser that
// asked takes it further; devices are listed, signed out and forgotten by their owner only.
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { DeviceApprovalPending, type ErrorBody } from '@cropvest/contracts';
import { accountProtectionOperations } from '@cropvest/contracts/identity/account-protection-api';
import { identityOperations } from '@cropvest/contracts/identity/api';
import {
  adminSession,
  deviceCookieOf,
  eventually,
  freshIp,
  registerInvestor,
  stack,
  stackClient,
} from '../../../test/support/api.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { linkToken, waitForMail } from '../../../test/support/mail.ts';

jest.setTimeout(60_000);
afterAll(closeConnections);

const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** A device cookie of the stranger's own (43 base64url characters, as identity mints them). */
const strangerDevice = (): string =>
  Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');

const client = stackClient();
const signIn = (email: string, password: string, ip: string, device: string | null) =>
  client.call(identityOperations.login, {
    ip,
    device: device ?? undefined,
    headers: { 'user-agent': CHROME_ON_MAC },
    body: { email, password },
  });
const claim = (waitToken: string, device: string | null) =>
  client.call(accountProtectionOperations.claimDeviceApproval, {
    device: device ?? undefined,
    headers: { 'user-agent': CHROME_ON_MAC },
    body: { waitToken },
  });
/** What the owner's mailed link does: shows the attempt, approves it, or denies it (and may freeze). */
const decisions = {
  details: accountProtectionOperations.deviceApprovalDetails,
  approve: accountProtectionOperations.approveDevice,
  deny: accountProtectionOperations.denyDevice,
};
const decide = (action: keyof typeof decisions, body: { token: string; freeze?: boolean }) =>
  action === 'deny'
    ? client.call(decisions.deny, { body })
    : client.call(decisions[action], { body: { token: body.token } });
const cookieIn = (result: { headers: Headers }): string | undefined =>
  /cv_device=([A-Za-z0-9_-]{43})/.exec(result.headers.get('set-cookie') ?? '')?.[1];
/** The wait a sign-in from somewhere new answered instead of a session. */
const waitOf = (answer: { body: unknown }) => DeviceApprovalPending.parse(answer.body).deviceApproval;
/** The error code of a refusal (none when the call succeeded). */
const codeOf = (answer: { ok: true } | { ok: false; body: ErrorBody }) =>
  answer.ok ? undefined : answer.body.code;

/** A sign-in from a fresh network and device that waits; its wait token, device and mailed approval token. */
async function strangerSignIn(email: string, password: string) {
  const ip = freshIp();
  const device = strangerDevice();
  const waiting = await signIn(email, password, ip, device);
  expect(waiting.status).toBe(200);
  expect(waiting.body).not.toHaveProperty('accessToken');
  const mail = await waitForMail(email, /Approve a sign-in from a new device/);
  return { ip, device, waitToken: waitOf(waiting).waitToken, mail };
}

describe('new-device approval', () => {
  it('holds a sign-in from somewhere new until the mailed link approves it, then only the browser that asked signs in', async () => {
    const owner = await registerInvestor();
    const { email } = owner.user;
    const ip = freshIp();
    const waiting = await signIn(email, owner.password, ip, null);
    expect(waiting.status).toBe(200);
    expect(waiting.body).toEqual({
      deviceApproval: {
        waitToken: expect.any(String),
        expiresAt: expect.any(String),
        sentTo: expect.stringMatching(/^i•••@example\.com$/),
      },
    });
    // The browser got a device cookie of its own: the approval is bound to it.
    const device = cookieIn(waiting) as string;
    expect(device).toHaveLength(43);
    const expiresIn = new Date(waitOf(waiting).expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(14 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60_000);
    const { waitToken } = waitOf(waiting);

    const pending = await claim(waitToken, device);
    expect(pending.status).toBe(202);
    expect(pending.body).toMatchObject({ status: 'pending' });

    const mail = await waitForMail(email, /Approve a sign-in from a new device/);
    expect(mail.body).toContain('Chrome 131 on Mac (macOS 10.15)');
    expect(mail.body).toContain(ip);
    expect(mail.body).toContain('/freeze?token=');
    const token = linkToken(mail, 'approve-device');
    const details = await decide('details', { token });
    expect(details.body).toMatchObject({
      status: 'pending',
      browser: 'Chrome 131',
      device: 'Mac (macOS 10.15)',
      ipAddress: ip,
      place: 'Local network',
    });

    // Another browser holding the wait token cannot take the sign-in.
    expect(codeOf(await claim(waitToken, strangerDevice()))).toBe('DEVICE_APPROVAL_EXPIRED');
    const approved = await decide('approve', { token });
    expect(approved.status).toBe(200);
    expect(approved.ok && approved.body.status).toBe('approved');
    const again = await decide('approve', { token });
    expect(again.status).toBe(409);
    expect(codeOf(again)).toBe('DEVICE_APPROVAL_CLOSED');

    const session = await claim(waitToken, device);
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ accessToken: expect.any(String), user: { email } });
    // Spent: the same wait token opens nothing more.
    expect((await claim(waitToken, device)).status).toBe(400);
    // The device is trusted now: from yet another network it signs in at once.
    expect((await signIn(email, owner.password, freshIp(), device)).body).toMatchObject({
      accessToken: expect.any(String),
    });
    await waitForMail(email, /New device trusted/);
  });

  it('lets a known device on a new network, or a new device on a known network, sign in at once', async () => {
    const owner = await registerInvestor();
    // The device it registered from (deviceCookieOf), from anywhere.
    expect(
      (await signIn(owner.user.email, owner.password, freshIp(), deviceCookieOf(owner.user.email))).body,
    ).toMatchObject({ accessToken: expect.any(String) });
    const homeIp = freshIp();
    expect(
      (await signIn(owner.user.email, owner.password, homeIp, deviceCookieOf(owner.user.email))).status,
    ).toBe(200);
    // A new browser at home.
    expect((await signIn(owner.user.email, owner.password, homeIp, strangerDevice())).body).toMatchObject({
      accessToken: expect.any(String),
    });
  });

  it('refuses the sign-in on "It wasn\'t me" and can freeze the account in the same step', async () => {
    const owner = await registerInvestor();
    const { device, waitToken, mail } = await strangerSignIn(owner.user.email, owner.password);
    const denied = await decide('deny', { token: linkToken(mail, 'approve-device'), freeze: true });
    expect(denied.ok && denied.body.status).toBe('denied');
    const refused = await claim(waitToken, device);
    expect(refused.status).toBe(400);
    expect(codeOf(refused)).toBe('DEVICE_APPROVAL_DENIED');
    const frozen = await signIn(
      owner.user.email,
      owner.password,
      freshIp(),
      deviceCookieOf(owner.user.email),
    );
    expect(frozen.status).toBe(403);
    expect(codeOf(frozen)).toBe('ACCOUNT_FROZEN');
    // The owner's own session ended with the freeze.
    await eventually(
      async () => (await client.call(identityOperations.me, { token: owner.accessToken })).status === 401,
      1000,
      'the frozen account’s token refused',
    );
  });

  it('lets an attempt expire after 15 minutes, and voids one whose password changed meanwhile', async () => {
    const owner = await registerInvestor();
    const late = await strangerSignIn(owner.user.email, owner.password);
    await serviceDb('identity')('device_approvals')
      .where({ user_id: owner.user.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect(codeOf(await claim(late.waitToken, late.device))).toBe('DEVICE_APPROVAL_EXPIRED');
    const token = linkToken(late.mail, 'approve-device');
    const details = await decide('details', { token });
    expect(details.ok && details.body.status).toBe('expired');
    expect((await decide('approve', { token })).status).toBe(409);

    const ip = freshIp();
    const device = strangerDevice();
    const waiting = await signIn(owner.user.email, owner.password, ip, device);
    const second = await waitForMail(owner.user.email, /Approve a sign-in from a new device/, 2);
    const changed = await client.call(identityOperations.changePassword, {
      token: owner.accessToken,
      body: { currentPassword: owner.password, newPassword: 'secret-pass-2' },
    });
    expect(changed.status).toBe(200);
    expect((await decide('approve', { token: linkToken(second, 'approve-device') })).status).toBe(200);
    const stale = await claim(waitOf(waiting).waitToken, device);
    expect(stale.status).toBe(401);
  });

  it('answers bad input and unknown links with a 4xx that changes nothing', async () => {
    expect(codeOf(await decide('details', { token: 'nope' }))).toBe('INVALID_DEVICE_APPROVAL_LINK');
    // Raw: bodies the contract cannot express (the token missing, freeze not a boolean).
    expect(
      (await client.raw('POST', accountProtectionOperations.approveDevice.path, { body: {} })).status,
    ).toBe(400);
    const badDenial = { token: 'x', freeze: 'yes' };
    expect(
      (await client.raw('POST', accountProtectionOperations.denyDevice.path, { body: badDenial })).status,
    ).toBe(400);
    expect((await claim('unknown', strangerDevice())).status).toBe(400);
    expect(
      (await client.raw('POST', accountProtectionOperations.claimDeviceApproval.path, { body: {} })).status,
    ).toBe(400);
  });
});

describe('the approval switch', () => {
  it('is on by default; off needs the password and lets a sign-in from somewhere new in; each change is told', async () => {
    const owner = await registerInvestor();
    const put = (body: { enabled: boolean; currentPassword?: string }) =>
      client.call(accountProtectionOperations.updateDeviceApprovalSetting, {
        token: owner.accessToken,
        body,
      });
    expect(
      (await client.call(accountProtectionOperations.deviceApprovalSetting, { token: owner.accessToken }))
        .body,
    ).toEqual({
      enabled: true,
      locked: false,
    });
    expect((await put({ enabled: false })).status).toBe(400);
    const wrong = await put({ enabled: false, currentPassword: 'not-it' });
    expect(codeOf(wrong)).toBe('WRONG_PASSWORD');
    expect((await put({ enabled: false, currentPassword: owner.password })).body).toEqual({
      enabled: false,
      locked: false,
    });
    await waitForMail(owner.user.email, /New-device approval switched off/);
    expect((await signIn(owner.user.email, owner.password, freshIp(), strangerDevice())).body).toMatchObject({
      accessToken: expect.any(String),
    });
    expect((await put({ enabled: true })).body).toEqual({ enabled: true, locked: false });
    await waitForMail(owner.user.email, /New-device approval switched on/);
  });

  it('cannot be switched off for an admin account', async () => {
    const admin = await adminSession();
    const get = await client.call(accountProtectionOperations.deviceApprovalSetting, {
      token: admin.accessToken,
    });
    expect(get.body).toEqual({ enabled: true, locked: true });
    const off = await client.call(accountProtectionOperations.updateDeviceApprovalSetting, {
      token: admin.accessToken,
      body: { enabled: false, currentPassword: stack().adminPassword },
    });
    expect(off.status).toBe(403);
    expect(codeOf(off)).toBe('DEVICE_APPROVAL_REQUIRED');
  });
});

describe('trusted devices', () => {
  it("lists the owner's devices with the asking one marked; signs one out; removing it makes it ask again", async () => {
    const owner = await registerInvestor();
    const home = deviceCookieOf(owner.user.email);
    // The network the laptop is used from later; it comes in by mail approval first.
    const laptopIp = freshIp();
    const laptop = await strangerSignIn(owner.user.email, owner.password);
    await decide('approve', { token: linkToken(laptop.mail, 'approve-device') });
    const laptopSession = await claim(laptop.waitToken, laptop.device);
    expect(laptopSession.status).toBe(200);
    if (!laptopSession.ok || !('refreshToken' in laptopSession.body))
      throw new Error(`the laptop got no session: ${JSON.stringify(laptopSession.body)}`);
    const laptopRefreshToken = laptopSession.body.refreshToken;

    const list = await client.call(accountProtectionOperations.trustedDevices, {
      token: owner.accessToken,
      device: home,
    });
    expect(list.status).toBe(200);
    if (!list.ok) throw new Error(`the device list was refused: ${list.body.message}`);
    expect(list.headers.get('x-total-count')).toBe('2');
    const [newest, first] = list.body;
    expect(newest).toMatchObject({
      trustedBy: 'email_approval',
      current: false,
      activeSessions: 1,
      browser: 'Chrome 131',
    });
    expect(first).toMatchObject({ trustedBy: 'registration', current: true });
    if (!newest) throw new Error('the laptop is not listed');
    const path = { id: newest.id };

    // Someone else's device is nobody's business: 404, as for an unknown one.
    const other = await registerInvestor();
    expect(
      (await client.call(accountProtectionOperations.signOutDevice, { token: other.accessToken, path }))
        .status,
    ).toBe(404);

    const out = await client.call(accountProtectionOperations.signOutDevice, {
      token: owner.accessToken,
      path,
    });
    expect(out.body).toEqual({ revoked: 1 });
    const refreshed = await client.call(identityOperations.refresh, {
      body: { refreshToken: laptopRefreshToken },
    });
    expect(refreshed.status).toBe(401);
    // Still trusted: it signs in at once from a new network.
    expect((await signIn(owner.user.email, owner.password, laptopIp, laptop.device)).body).toMatchObject({
      accessToken: expect.any(String),
    });

    const remove = () =>
      client.call(accountProtectionOperations.removeTrustedDevice, { token: owner.accessToken, path });
    expect((await remove()).body).toEqual({ revoked: 1 });
    expect((await remove()).status).toBe(404);
    await waitForMail(owner.user.email, /Trusted device removed/);
    // Forgotten with the network it last used: from there it waits again.
    const asks = await signIn(owner.user.email, owner.password, laptopIp, laptop.device);
    expect(asks.body).toHaveProperty('deviceApproval');
    await eventually(
      async () =>
        (
          await client.call(accountProtectionOperations.trustedDevices, { token: owner.accessToken })
        ).headers.get('x-total-count') === '1',
      10_000,
      'one device left',
    );
  });

  it('is shown to admins for any user, and refused to investors', async () => {
    const owner = await registerInvestor();
    const admin = await adminSession();
    const path = { id: owner.user.id };
    const seen = await client.call(accountProtectionOperations.userDevices, {
      token: admin.accessToken,
      path,
    });
    expect(seen.status).toBe(200);
    if (!seen.ok) throw new Error(`the user's devices were refused: ${seen.body.message}`);
    expect(seen.body).toHaveLength(1);
    expect(seen.body[0]).toMatchObject({ trustedBy: 'registration', current: false });
    expect(
      (await client.call(accountProtectionOperations.userDevices, { token: owner.accessToken, path })).status,
    ).toBe(403);
  });
});
