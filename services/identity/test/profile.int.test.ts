// The owner's profile against the real stack: the name saved at once and followed by the other services'
// directories, an email change confirmed only from the link mailed to the new address (the old one told), and
// Login Alerts raised on a sign-in from a device and network the account never used.
import { afterAll, describe, expect, it } from '@jest/globals';
import { ErrorBody } from '@cropvest/contracts';
import { accountProtectionOperations } from '@cropvest/contracts/identity/account-protection-api';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { notificationOperations } from '@cropvest/contracts/notify/api';
import {
  eventually,
  freshIp,
  registerInvestor,
  stackClient,
  uniqueEmail,
} from '../../../test/support/api.ts';
import { closeConnections, serviceDb } from '../../../test/support/connections.ts';
import { linkToken, mailsTo, waitForMail, type Mail } from '../../../test/support/mail.ts';

const client = stackClient();
const tokenIn = (mail: Mail): string => linkToken(mail, 'confirm-email');

const confirm = (token: string) => client.call(identityOperations.confirmEmailChange, { body: { token } });
const me = (token: string) => client.ok(identityOperations.me, { token });
const pendingEmailOf = (token: string) => client.call(identityOperations.pendingEmailChange, { token });
/** A refusal's error body. */
const errorOf = (answer: { body: unknown }): ErrorBody => ErrorBody.parse(answer.body);

const notificationsOf = (accessToken: string) =>
  client.ok(notificationOperations.myNotifications, { token: accessToken, query: { pageSize: 50 } });

describe('own profile', () => {
  it('saves the name at once, trimmed; a name too short or unknown fields are refused and change nothing', async () => {
    const user = await registerInvestor({ name: 'Nora Field' });
    const rename = (name: string, token?: string) =>
      client.call(identityOperations.updateProfile, { token, body: { name } });
    const saved = await rename('  Nora Fieldhouse ', user.accessToken);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: user.user.id, name: 'Nora Fieldhouse', email: user.user.email });

    const short = await rename('N', user.accessToken);
    expect(short.status).toBe(400);
    expect(errorOf(short).message).toBe('Name must be at least 2 characters');
    // Raw: a field the contract does not have (the email changes only through the mailed link).
    const sneaky = await client.raw('PATCH', identityOperations.updateProfile.path, {
      token: user.accessToken,
      body: { name: 'Nora', email: 'other@example.com' },
    });
    expect(sneaky.status).toBe(400);
    expect(await me(user.accessToken)).toMatchObject({ name: 'Nora Fieldhouse', email: user.user.email });
    expect((await rename('Nobody')).status).toBe(401);
  });

  it('changes the email only when the link mailed to the new address is opened, once; the old address is told', async () => {
    const user = await registerInvestor({ name: 'Ezra Mail' });
    const oldEmail = user.user.email;
    const newEmail = uniqueEmail('moved');
    const start = (body: { newEmail: string; currentPassword: string }) =>
      client.call(identityOperations.requestEmailChange, { token: user.accessToken, body });

    const wrong = await start({ newEmail, currentPassword: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong).code).toBe('WRONG_PASSWORD');
    const taken = await registerInvestor();
    expect((await start({ newEmail: taken.user.email, currentPassword: user.password })).status).toBe(409);
    const same = await start({ newEmail: oldEmail, currentPassword: user.password });
    expect(same.status).toBe(400);
    expect(errorOf(same).code).toBe('SAME_EMAIL');
    const pendingNone = await pendingEmailOf(user.accessToken);
    expect(pendingNone.body).toEqual({ pending: null });

    // A first request, then a second one: only the newer link works.
    expect((await start({ newEmail: uniqueEmail('abandoned'), currentPassword: user.password })).status).toBe(
      200,
    );
    const started = await start({ newEmail: newEmail.toUpperCase(), currentPassword: user.password });
    expect(started.status).toBe(200);
    expect(started.ok && started.body.pending?.newEmail).toBe(newEmail);
    const pending = await pendingEmailOf(user.accessToken);
    expect(pending.ok && pending.body.pending?.newEmail).toBe(newEmail);

    const link = await waitForMail(newEmail, /Confirm your new CropVest email address/);
    expect(mailsTo(oldEmail).some((mail) => /Confirm your new/.test(mail.subject))).toBe(false);
    // Until the link is opened the account keeps its address.
    expect((await me(user.accessToken)).email).toBe(oldEmail);

    const confirmed = await confirm(tokenIn(link));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email: newEmail });
    const reused = await confirm(tokenIn(link));
    expect(reused.status).toBe(400);
    expect(errorOf(reused).message).toBe('This email confirmation link is invalid or has expired');
    expect((await confirm('no-such-token')).status).toBe(400);

    const signIn = (email: string) =>
      client.call(identityOperations.login, { body: { email, password: user.password } });
    expect((await signIn(newEmail)).status).toBe(200);
    expect((await signIn(oldEmail)).status).toBe(401);
    expect((await pendingEmailOf(user.accessToken)).body).toEqual({ pending: null });

    const notice = await waitForMail(oldEmail, /Your email address was changed/);
    expect(notice.body).toContain(newEmail);
    await eventually(
      async () =>
        (await notificationsOf(user.accessToken)).some((n) => n.title === 'Your email address was changed'),
      10_000,
      'the in-app notice of the change',
    );
  });

  it('refuses an expired link', async () => {
    const user = await registerInvestor();
    const newEmail = uniqueEmail('late');
    const started = await client.call(identityOperations.requestEmailChange, {
      token: user.accessToken,
      body: { newEmail, currentPassword: user.password },
    });
    expect(started.status).toBe(200);
    const link = await waitForMail(newEmail, /Confirm your new/);
    // Age the request past its 24 hours, as the clock would.
    await serviceDb('identity')('email_change_tokens')
      .where({ user_id: user.user.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await confirm(tokenIn(link))).status).toBe(400);
    expect((await me(user.accessToken)).email).toBe(user.user.email);
  });
});

// Login Alerts tell of sign-ins that no longer wait for approval: with new-device approval switched off.
describe('login alerts', () => {
  const signInFrom = (email: string, password: string, ip: string, device?: string) =>
    client.call(identityOperations.login, { ip, device, body: { email, password } });
  const deviceOf = (setCookie: string | null): string => {
    const device = /cv_device=([A-Za-z0-9_-]+)/.exec(setCookie ?? '')?.[1];
    if (!device) throw new Error(`no device cookie in ${setCookie}`);
    return device;
  };
  const approvalOff = async (token: string, password: string) =>
    expect(
      (
        await client.call(accountProtectionOperations.updateDeviceApprovalSetting, {
          token,
          body: { enabled: false, currentPassword: password },
        })
      ).status,
    ).toBe(200);
  const alertsOf = async (accessToken: string) =>
    (await notificationsOf(accessToken)).filter((n) => n.title === 'New sign-in to your account');

  it('tell the owner of a sign-in from a new device on a new network, not of a known device or network', async () => {
    const homeIp = freshIp();
    const email = uniqueEmail('alerts');
    const password = 'secret-pass-1';
    const registered = await client.call(identityOperations.register, {
      ip: homeIp,
      body: { name: 'Alma Alert', email, password },
    });
    expect(registered.status).toBe(201);
    if (!registered.ok) throw new Error(`registration refused: ${registered.body.message}`);
    const homeDevice = deviceOf(registered.headers.get('set-cookie'));
    const token = registered.body.accessToken;
    // With new-device approval on, a stranger's sign-in would wait for the owner (decision 0100) instead.
    await approvalOff(token, password);

    // The registration itself, the known device on a hotel network, and a new browser at home: no alert.
    expect((await signInFrom(email, password, freshIp(), homeDevice)).status).toBe(200);
    expect((await signInFrom(email, password, homeIp)).status).toBe(200);

    // A stranger: a device and a network the account never used.
    const strangerIp = freshIp();
    const stranger = await client.call(identityOperations.login, {
      ip: strangerIp,
      body: { email, password },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) StrangerBrowser/1.0' },
    });
    expect(stranger.status).toBe(200);
    const alert = await waitForMail(email, /New sign-in to your account/);
    expect(alert.body).toContain(strangerIp);
    expect(alert.body).toContain('StrangerBrowser/1.0');
    await eventually(async () => (await alertsOf(token)).length === 1, 10_000, 'the in-app alert');
    // The stranger's source is known now: signing in again from there raises no second alert.
    expect((await signInFrom(email, password, strangerIp)).status).toBe(200);
    expect(await alertsOf(token)).toHaveLength(1);
    expect(mailsTo(email).filter((mail) => /New sign-in/.test(mail.subject))).toHaveLength(1);
  });

  it('stay quiet once the owner turns them off', async () => {
    const user = await registerInvestor();
    await approvalOff(user.accessToken, user.password);
    const token = user.accessToken;
    const get = () => client.call(identityOperations.loginAlerts, { token });
    const save = (enabled: boolean) =>
      client.call(identityOperations.updateLoginAlerts, { token, body: { enabled } });
    expect((await get()).body).toEqual({ enabled: true });
    const off = await save(false);
    expect(off.body).toEqual({ enabled: false });
    expect((await get()).body).toEqual({ enabled: false });
    // Raw: a switch that is not a boolean, which the contract cannot express.
    const bad = await client.raw('PUT', identityOperations.updateLoginAlerts.path, {
      token,
      body: { enabled: 'yes' },
    });
    expect(bad.status).toBe(400);

    const whileOff = freshIp();
    expect((await signInFrom(user.user.email, user.password, whileOff)).status).toBe(200);
    // Back on, a sign-in from elsewhere is told; alerts are handled in order, so once it arrived the one
    // before it would have too.
    await save(true);
    const whileOn = freshIp();
    expect((await signInFrom(user.user.email, user.password, whileOn)).status).toBe(200);
    await eventually(async () => (await alertsOf(user.accessToken)).length > 0, 10_000, 'the alert');
    const alerts = await alertsOf(user.accessToken);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.message).toContain(whileOn);
  });
});

afterAll(closeConnections);
