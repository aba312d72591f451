import { describe, expect, it } from '@jest/globals';
import { ErrorBody } from '@cropvest/contracts';
import { identityOperations } from '@cropvest/contracts/identity/api';
import {
  eventually,
  freshIp,
  login,
  loginAdmin,
  registerInvestor,
  stackClient,
} from '../../../test/support/api.ts';
import { readResetEvent } from '../../../test/support/identity.ts';

const client = stackClient();
const refresh = (refreshToken: string) => client.call(identityOperations.refresh, { body: { refreshToken } });
const me = (token: string) => client.call(identityOperations.me, { token });
/** A refusal's error body. */
const errorOf = (answer: { body: unknown }): ErrorBody => ErrorBody.parse(answer.body);

describe('refresh tokens', () => {
  it('rotate on every use: the new pair works and the old refresh token does not', async () => {
    const user = await registerInvestor();
    const first = await refresh(user.refreshToken);
    expect(first.status).toBe(200);
    if (!first.ok) throw new Error(`the refresh was refused: ${first.body.message}`);
    expect(first.body.refreshToken).not.toBe(user.refreshToken);
    expect((await me(first.body.accessToken)).status).toBe(200);
    const second = await refresh(first.body.refreshToken);
    expect(second.status).toBe(200);
  });

  it('reuse of a rotated token revokes the whole family, including the newest token', async () => {
    const user = await registerInvestor();
    const rotated = await refresh(user.refreshToken);
    expect(rotated.status).toBe(200);
    if (!rotated.ok) throw new Error(`the refresh was refused: ${rotated.body.message}`);
    const replay = await refresh(user.refreshToken);
    expect(replay.status).toBe(401);
    expect(errorOf(replay).code).toBe('REFRESH_TOKEN_REUSED');
    const victim = await refresh(rotated.body.refreshToken);
    expect(victim.status).toBe(401);
    // Another sign-in is a different family and keeps working.
    const other = await login(user.user.email, user.password);
    expect((await refresh(other.refreshToken)).status).toBe(200);
  });

  it('refuses unknown and malformed refresh tokens', async () => {
    expect((await refresh('not-a-real-token')).status).toBe(401);
    // Raw: a body without the token the contract requires.
    const missing = await client.raw('POST', identityOperations.refresh.path, { body: {} });
    expect(missing.status).toBe(400);
    expect(errorOf(missing).message).toBe('refreshToken is required');
  });

  it('logout revokes the session of the refresh token', async () => {
    const user = await registerInvestor();
    const out = await client.call(identityOperations.logout, { body: { refreshToken: user.refreshToken } });
    expect(out.status).toBe(200);
    expect((await refresh(user.refreshToken)).status).toBe(401);
  });
});

describe('banning', () => {
  it('blocks sign-in, refresh and a still-valid access token within seconds; unbanning restores access', async () => {
    const admin = await loginAdmin();
    const user = await registerInvestor();
    expect((await me(user.accessToken)).status).toBe(200);

    const ban = (isBanned: boolean) =>
      client.call(identityOperations.banUser, {
        token: admin.accessToken,
        path: { id: user.user.id },
        body: { isBanned },
      });
    const banned = await ban(true);
    expect(banned.status).toBe(200);
    expect(banned.ok && banned.body.isBanned).toBe(true);

    // The access token is still cryptographically valid; the gateway learns of the ban from the event. Until it
    // has, the ban's other event (every session ended) may reach identity first, which then answers 401
    // SESSION_REVOKED: refused either way, and named as a ban once the gateway knows.
    await eventually(
      async () => {
        const answer = await me(user.accessToken);
        return answer.status === 403 && !answer.ok && answer.body.code === 'ACCOUNT_BANNED';
      },
      5000,
      'the gateway to refuse the banned token as banned',
    );
    expect((await me(user.accessToken)).body).toMatchObject({
      code: 'ACCOUNT_BANNED',
      message: 'Your account has been suspended. Please contact support.',
    });
    const signIn = await client.call(identityOperations.login, {
      body: { email: user.user.email, password: user.password },
    });
    expect(signIn.status).toBe(403);
    expect(errorOf(signIn).code).toBe('ACCOUNT_BANNED');
    expect((await refresh(user.refreshToken)).status).toBe(401);

    expect((await ban(false)).status).toBe(200);
    const again = await login(user.user.email, user.password);
    await eventually(async () => (await me(again.accessToken)).status === 200, 5000, 'access after unban');
  });

  it('an admin cannot ban themselves, and the body must be a boolean', async () => {
    const admin = await loginAdmin();
    const self = await client.call(identityOperations.banUser, {
      token: admin.accessToken,
      path: { id: admin.user.id },
      body: { isBanned: true },
    });
    expect(self.status).toBe(400);
    expect(errorOf(self).message).toBe('You cannot ban your own account');
    const user = await registerInvestor();
    // Raw: a body the contract cannot express (isBanned not a boolean).
    const bad = await client.raw('PATCH', identityOperations.banUser.path.replace('{id}', user.user.id), {
      token: admin.accessToken,
      body: { isBanned: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).message).toBe('isBanned must be true or false');
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per client IP with a 429 and Retry-After', async () => {
    const ip = freshIp();
    const limit = Number(process.env.AUTH_RATE_LIMIT_PER_MINUTE);
    const attempt = (from: string) =>
      client.call(identityOperations.login, {
        ip: from,
        body: { email: 'nobody@example.com', password: 'whatever1' },
      });
    let last = await attempt(ip);
    for (let i = 1; i <= limit; i += 1) last = await attempt(ip);
    expect(last.status).toBe(429);
    expect(errorOf(last).code).toBe('RATE_LIMITED');
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client is unaffected.
    expect((await attempt(freshIp())).status).toBe(401);
  });
});

describe('password reset', () => {
  it('an admin issues a one-hour single-use link; it sets a new password and ends every session', async () => {
    const admin = await loginAdmin();
    const user = await registerInvestor();
    const issued = await client.call(identityOperations.adminResetPassword, {
      token: admin.accessToken,
      path: { id: user.user.id },
    });
    expect(issued.status).toBe(200);
    if (!issued.ok) throw new Error(`the reset was refused: ${issued.body.message}`);
    expect(issued.body.message).toBe('Password reset email sent');
    const expiresIn = new Date(issued.body.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(59 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);

    // The token travels to the mail sender inside the event; read it from the stream as the mailer would.
    const { resetToken } = await readResetEvent(user.user.id);
    const resetPassword = (password: string) =>
      client.call(identityOperations.resetPassword, { body: { token: resetToken, password } });
    const reset = await resetPassword('brand-new-pass');
    expect(reset.status).toBe(200);
    expect((await refresh(user.refreshToken)).status).toBe(401);
    await login(user.user.email, 'brand-new-pass');
    const reuse = await resetPassword('another-pass');
    expect(reuse.status).toBe(400);
    expect(errorOf(reuse).message).toBe('This password reset link is invalid or has expired');
  });
});
