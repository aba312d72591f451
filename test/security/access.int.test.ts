// Access changes take effect at once (issue 15; docs/decisions/0052-access-revocation.md): a demotion, logout,
// password change or reset, sign out everywhere and an account lock-out refuse the user's outstanding access
// tokens within a second, at the gateway and directly at the services. And the sign-in limits: a stranger's
// failures slow down and lock only the stranger's source, never the owner's usual one; the owner is mailed.
import { afterAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ErrorBody } from '@cropvest/contracts';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { notificationOperations } from '@cropvest/contracts/notify/api';
import type { OperationBody } from '@cropvest/contracts/operation-call';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  adminSession,
  deviceCookieOf,
  eventually,
  freshIp,
  login,
  registerInvestor,
  stack,
  stackClient,
  uniqueEmail,
  type Session,
} from '../support/api.ts';
import { readResetEvent } from '../support/identity.ts';
import { mailsTo } from '../support/mail.ts';

const client = stackClient();
const REVOCATION_DEADLINE_MS = 1000;
/** How long each refusal took to arrive after the change was answered, printed at the end. */
const latencies: number[] = [];
afterAll(() => {
  if (latencies.length === 0) return;
  const sorted = [...latencies].sort((a, b) => a - b);
  process.stdout.write(
    `Access revocation: ${sorted.length} outstanding tokens refused after a change; median ${sorted[Math.floor(sorted.length / 2)]} ms, slowest ${sorted[sorted.length - 1]} ms (deadline ${REVOCATION_DEADLINE_MS} ms)\n`,
  );
});

/** Polls `refused` from the moment the change was answered; fails unless it holds within one second. */
async function refusedWithinOneSecond(what: string, refused: () => Promise<boolean>): Promise<void> {
  const start = Date.now();
  for (;;) {
    if (await refused()) {
      latencies.push(Date.now() - start);
      return;
    }
    if (Date.now() - start > REVOCATION_DEADLINE_MS)
      throw new Error(`${what} was still accepted ${Date.now() - start} ms after the change`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const me = (token: string) => client.call(identityOperations.me, { token });
/** A call that only a live session passes, answered by a service other than identity, without the gateway. */
const unreadDirect = (token: string) =>
  // Raw: sent to the notify service itself (`base`), past the gateway.
  client.raw('GET', notificationOperations.unreadNotificationCount.path, {
    token,
    base: stack().services.notify,
  });
/** The error code of a refusal; none for an answer that is not an error body. */
const codeOf = (answer: { body: unknown }): string | undefined => ErrorBody.safeParse(answer.body).data?.code;
const isSessionEnded = (answer: { status: number; body: unknown }) =>
  answer.status === 401 && codeOf(answer) === 'SESSION_REVOKED';
const refresh = (refreshToken: string) => client.call(identityOperations.refresh, { body: { refreshToken } });

async function investorWithTwoSessions(): Promise<{ first: Session; second: Session; password: string }> {
  const first = await registerInvestor();
  const second = await login(first.user.email, first.password);
  return { first, second, password: first.password };
}

async function editUser(
  id: string,
  body: OperationBody<typeof identityOperations.updateAdminUser>,
): Promise<void> {
  const answer = await client.call(identityOperations.updateAdminUser, {
    token: (await adminSession()).accessToken,
    path: { id },
    body,
  });
  expect(answer.status).toBe(200);
}

describe('a demoted admin', () => {
  it('loses admin access within a second at the gateway and at the services', async () => {
    const user = await registerInvestor();
    await editUser(user.user.id, { role: 'admin' });
    const promoted = await login(user.user.email, user.password);
    const token = promoted.accessToken;
    const adminCalls = {
      gateway: () => client.call(identityOperations.adminUsers, { token }),
      // Raw: sent to the services themselves (`base`), past the gateway.
      identity: () =>
        client.raw('GET', identityOperations.adminUsers.path, { token, base: stack().services.identity }),
      wallet: () =>
        client.raw('GET', walletOperations.adminDeposits.path, { token, base: stack().services.wallet }),
    };
    await eventually(
      async () => (await adminCalls.gateway()).status === 200,
      5000,
      'the promoted admin to be let in',
    );
    expect((await adminCalls.identity()).status).toBe(200);
    expect((await adminCalls.wallet()).status).toBe(200);

    await editUser(user.user.id, { role: 'investor' });
    for (const [where, send] of Object.entries(adminCalls))
      await refusedWithinOneSecond(`the demoted admin's token at ${where}`, async () =>
        isSessionEnded(await send()),
      );
    // The session itself stays: its next refresh carries the new role, which admin routes refuse as they refuse
    // any investor.
    const refreshed = await refresh(promoted.refreshToken);
    expect(refreshed.status).toBe(200);
    if (!refreshed.ok) throw new Error(`the refresh was refused: ${refreshed.body.message}`);
    const asInvestor = refreshed.body.accessToken;
    expect((await client.call(identityOperations.adminUsers, { token: asInvestor })).status).toBe(403);
    expect((await client.ok(identityOperations.me, { token: asInvestor })).role).toBe('investor');
  });
});

describe('logout', () => {
  it('refuses that session within a second, everywhere; another session of the same user keeps working', async () => {
    const { first, second } = await investorWithTwoSessions();
    expect((await unreadDirect(first.accessToken)).status).toBe(200);
    const out = await client.call(identityOperations.logout, { body: { refreshToken: first.refreshToken } });
    expect(out.status).toBe(200);
    await refusedWithinOneSecond('the signed-out token at the gateway', async () =>
      isSessionEnded(await me(first.accessToken)),
    );
    await refusedWithinOneSecond('the signed-out token at notify', async () =>
      isSessionEnded(await unreadDirect(first.accessToken)),
    );
    expect((await me(second.accessToken)).status).toBe(200);
    expect((await unreadDirect(second.accessToken)).status).toBe(200);
  });
});

describe('own sessions', () => {
  it('lists them with device, IP and last seen, the current one marked; revoking one ends only it', async () => {
    const first = await registerInvestor();
    const phoneIp = freshIp();
    const phone = await client.call(identityOperations.login, {
      ip: phoneIp,
      device: deviceCookieOf(first.user.email),
      headers: { 'user-agent': 'CropVest test phone' },
      body: { email: first.user.email, password: first.password },
    });
    expect(phone.status).toBe(200);
    if (!phone.ok || !('accessToken' in phone.body)) throw new Error('the phone opened no session');
    const phoneSession = phone.body;
    const listed = await client.call(identityOperations.mySessions, { token: first.accessToken });
    expect(listed.status).toBe(200);
    if (!listed.ok) throw new Error(`the session list was refused: ${listed.body.message}`);
    expect(listed.body).toHaveLength(2);
    const [current] = listed.body.filter((s) => s.current);
    const other = listed.body.find((s) => !s.current);
    expect(current).toBeDefined();
    expect(other).toMatchObject({ userAgent: 'CropVest test phone', ipAddress: phoneIp, current: false });
    if (!other) throw new Error('the phone session is not listed');
    expect(Date.parse(other.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);

    const revoked = await client.call(identityOperations.endSession, {
      token: first.accessToken,
      path: { id: other.id },
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ revoked: 1 });
    await refusedWithinOneSecond('the revoked session', async () =>
      isSessionEnded(await me(phoneSession.accessToken)),
    );
    expect((await me(first.accessToken)).status).toBe(200);
    const refreshed = await refresh(phoneSession.refreshToken);
    expect(refreshed.status).toBe(401);
  });

  it("refuses to revoke another user's session (404, and that session keeps working)", async () => {
    const owner = await registerInvestor();
    const stranger = await registerInvestor();
    const [ownerSession] = await client.ok(identityOperations.mySessions, { token: owner.accessToken });
    const endAsStranger = (id: string) =>
      client.call(identityOperations.endSession, { token: stranger.accessToken, path: { id } });
    const attempt = await endAsStranger(ownerSession!.id);
    expect(attempt.status).toBe(404);
    expect(codeOf(attempt)).toBe('SESSION_NOT_FOUND');
    const unknown = await endAsStranger(randomUUID());
    expect(unknown.status).toBe(404);
    // Raw: an id that is not one, in the path.
    const malformed = await client.raw('DELETE', '/api/auth/sessions/not-an-id', {
      token: stranger.accessToken,
    });
    expect(malformed.status).toBe(400);
    expect((await me(owner.accessToken)).status).toBe(200);
    expect((await client.call(identityOperations.mySessions)).status).toBe(401);
  });

  it('sign out everywhere refuses every token of the user within a second, the current one too', async () => {
    const { first, second } = await investorWithTwoSessions();
    const out = await client.call(identityOperations.endOtherSessions, { token: first.accessToken });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ revoked: 2 });
    for (const token of [first.accessToken, second.accessToken]) {
      await refusedWithinOneSecond('a token after sign out everywhere', async () =>
        isSessionEnded(await me(token)),
      );
      await refusedWithinOneSecond('a token at notify after sign out everywhere', async () =>
        isSessionEnded(await unreadDirect(token)),
      );
    }
    for (const refreshToken of [first.refreshToken, second.refreshToken])
      expect((await refresh(refreshToken)).status).toBe(401);
  });
});

describe('password change', () => {
  it('checks the current password and the registration rules, ends every other session, keeps this one, and mails a notice', async () => {
    const { first, second, password } = await investorWithTwoSessions();
    const change = (body: OperationBody<typeof identityOperations.changePassword>) =>
      client.call(identityOperations.changePassword, { token: first.accessToken, body });
    const wrong = await change({ currentPassword: 'not-my-password', newPassword: 'brand-new-pass' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'WRONG_PASSWORD', message: 'Current password is incorrect' });
    const short = await change({ currentPassword: password, newPassword: 'abc' });
    expect(short.status).toBe(400);
    expect(!short.ok && short.body.message).toBe('Password must be at least 6 characters');
    expect((await me(second.accessToken)).status).toBe(200);

    const changed = await change({ currentPassword: password, newPassword: 'brand-new-pass' });
    expect(changed.status).toBe(200);
    await refusedWithinOneSecond('the other session after a password change', async () =>
      isSessionEnded(await me(second.accessToken)),
    );
    expect((await me(first.accessToken)).status).toBe(200);
    expect((await unreadDirect(first.accessToken)).status).toBe(200);
    const oldPassword = await client.call(identityOperations.login, {
      body: { email: first.user.email, password },
    });
    expect(oldPassword.status).toBe(401);
    await login(first.user.email, 'brand-new-pass');
    const notice = await eventually(
      async () => mailsTo(first.user.email).find((m) => m.subject.includes('Your password was changed')),
      10_000,
      'the password-changed mail',
    );
    expect(notice.body).toContain('Every other session was signed out');
  });
});

describe('password reset', () => {
  it('refuses every outstanding token of the user within a second', async () => {
    const { first, second } = await investorWithTwoSessions();
    const issued = await client.call(identityOperations.adminResetPassword, {
      token: (await adminSession()).accessToken,
      path: { id: first.user.id },
    });
    expect(issued.status).toBe(200);
    const { resetToken } = await readResetEvent(first.user.id);
    const reset = await client.call(identityOperations.resetPassword, {
      body: { token: resetToken, password: 'reset-new-pass' },
    });
    expect(reset.status).toBe(200);
    for (const token of [first.accessToken, second.accessToken])
      await refusedWithinOneSecond('a token after a password reset', async () =>
        isSessionEnded(await me(token)),
      );
    const fresh = await login(first.user.email, 'reset-new-pass');
    expect((await me(fresh.accessToken)).status).toBe(200);
  });
});

describe('sign-in limits', () => {
  // Each from the address named: the limits count by source, so a test's calls share one on purpose.
  const attempt = (email: string, password: string, ip: string) =>
    client.call(identityOperations.login, { ip, body: { email, password } });
  /** The session a sign-in opened; throws when it opened none. */
  const sessionOf = (answer: Awaited<ReturnType<typeof attempt>>): Session => {
    if (!answer.ok || !('accessToken' in answer.body))
      throw new Error(`the sign-in opened no session: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };

  /** The owner signs up from their usual IP, so it is a source the account knows. */
  async function ownerAt(ip: string): Promise<Session & { password: string }> {
    const password = 'owner-pass-1';
    const email = uniqueEmail('owner');
    const answer = await client.call(identityOperations.register, {
      ip,
      device: deviceCookieOf(email),
      body: { name: 'Account Owner', email, password },
    });
    expect(answer.status).toBe(201);
    if (!answer.ok) throw new Error(`the registration was refused: ${answer.body.message}`);
    return { ...answer.body, password };
  }

  it("slow a stranger down progressively and then lock only the stranger's IP; the owner signs in from theirs and is mailed", async () => {
    const ownerIp = freshIp();
    const strangerIp = freshIp();
    const owner = await ownerAt(ownerIp);
    const answers: { status: number; code?: string; retryAfter: number | null }[] = [];
    for (let i = 0; i < 50; i += 1) {
      const answer = await attempt(owner.user.email, `guess-${i}-wrong`, strangerIp);
      const retryAfter = answer.headers.get('retry-after');
      answers.push({
        status: answer.status,
        code: codeOf(answer),
        retryAfter: retryAfter ? Number(retryAfter) : null,
      });
      // A patient stranger waits out the short delays the server names, and hammers on through the lock.
      if (codeOf(answer) === 'SIGN_IN_DELAYED')
        await new Promise((r) => setTimeout(r, Number(retryAfter) * 1000));
    }
    const codes = answers.map((a) => a.code);
    // Two free failures, a third that starts the delays, waits of 1 s then 2 s, the lock on the fifth failure.
    expect(codes.slice(0, 3)).toEqual(['INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'INVALID_CREDENTIALS']);
    const delays = answers.filter((a) => a.code === 'SIGN_IN_DELAYED').map((a) => a.retryAfter);
    expect(delays).toEqual([1, 2]);
    const lock = answers.find((a) => a.code === 'ACCOUNT_LOCKED');
    expect(lock).toMatchObject({ status: 429, retryAfter: 15 * 60 });
    expect(codes.filter((c) => c === 'INVALID_CREDENTIALS')).toHaveLength(4);
    // The rest is refused without a password check: by the lock, then by the gateway's per-IP limit.
    expect(new Set(codes.slice(codes.indexOf('ACCOUNT_LOCKED')))).toEqual(
      new Set(['ACCOUNT_LOCKED', 'RATE_LIMITED']),
    );
    const locked = await attempt(owner.user.email, owner.password, strangerIp);
    expect(locked.status).toBe(429);

    // The owner, from their usual IP, is not affected; their session never ended.
    expect((await attempt(owner.user.email, owner.password, ownerIp)).status).toBe(200);
    expect((await me(owner.accessToken)).status).toBe(200);
    const alert = await eventually(
      async () => mailsTo(owner.user.email).find((m) => m.subject.includes('Repeated failed sign-ins')),
      10_000,
      'the failed sign-ins mail',
    );
    expect(alert.body).toContain(strangerIp);
  });

  it('a success from a source forgets its failures', async () => {
    const ip = freshIp();
    const owner = await ownerAt(ip);
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 2; i += 1)
        expect((await attempt(owner.user.email, 'wrong-password', ip)).status).toBe(401);
      expect((await attempt(owner.user.email, owner.password, ip)).status).toBe(200);
    }
  });

  it('guessing spread over many IPs locks the account: its tokens are refused within a second, unknown sources wait, the usual IP signs in', async () => {
    const ownerIp = freshIp();
    const owner = await ownerAt(ownerIp);
    // The account-wide ceiling is 4 × max login attempts (5 by default) failures within the lock-out period;
    // two failures per IP stay under every per-source delay.
    const ceiling = 20;
    for (let i = 0; i < ceiling / 2; i += 1) {
      const ip = freshIp();
      for (let j = 0; j < 2; j += 1) {
        const answer = await attempt(owner.user.email, `spread-guess-${i}-${j}`, ip);
        expect(answer.status).toBe(401);
      }
    }
    await refusedWithinOneSecond("the owner's token after the account lock-out", async () =>
      isSessionEnded(await me(owner.accessToken)),
    );
    const unknown = await attempt(owner.user.email, owner.password, freshIp());
    expect(unknown.status).toBe(429);
    expect(unknown.body).toMatchObject({
      code: 'ACCOUNT_LOCKED',
      message: 'Too many failed sign-in attempts. Your account is locked; try again in 15 minutes.',
    });
    const usual = await attempt(owner.user.email, owner.password, ownerIp);
    expect(usual.status).toBe(200);
    expect((await me(sessionOf(usual).accessToken)).status).toBe(200);
    await eventually(
      async () =>
        mailsTo(owner.user.email).find((m) => m.subject.includes('locked against unknown sign-ins')),
      10_000,
      'the lock-out mail',
    );
  });

  it('a device that signed in before is counted apart from a stranger on the same IP', async () => {
    const sharedIp = freshIp();
    const owner = await ownerAt(freshIp());
    const signedIn = await client.call(identityOperations.login, {
      ip: sharedIp,
      device: deviceCookieOf(owner.user.email),
      body: { email: owner.user.email, password: owner.password },
    });
    const cookie = /cv_device=([^;]+)/.exec(signedIn.headers.get('set-cookie') ?? '')?.[1];
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signedIn.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    // A stranger behind the same IP, without the owner's cookie, gets the IP locked for themselves.
    for (let i = 0; i < 12; i += 1) {
      const answer = await attempt(owner.user.email, `same-ip-guess-${i}`, sharedIp);
      if (codeOf(answer) === 'ACCOUNT_LOCKED') break;
      if (codeOf(answer) === 'SIGN_IN_DELAYED')
        await new Promise((r) => setTimeout(r, Number(answer.headers.get('retry-after')) * 1000));
    }
    expect((await attempt(owner.user.email, owner.password, sharedIp)).status).toBe(429);
    const fromDevice = await client.call(identityOperations.login, {
      ip: sharedIp,
      headers: { cookie: `cv_device=${cookie}` },
      body: { email: owner.user.email, password: owner.password },
    });
    expect(fromDevice.status).toBe(200);
  });
});
