import { describe, expect, it } from '@jest/globals';
import { call, eventually, freshIp, login, loginAdmin, registerInvestor } from '../../../test/support/api.ts';
import { readResetEvent } from '../../../test/support/identity.ts';

const refresh = (refreshToken: string) =>
  call('POST', '/api/auth/refresh', { ip: freshIp(), body: { refreshToken } });

describe('refresh tokens', () => {
  it('rotate on every use: the new pair works and the old refresh token does not', async () => {
    const user = await registerInvestor();
    const first = await refresh(user.refreshToken);
    expect(first.status).toBe(200);
    expect(first.body.refreshToken).not.toBe(user.refreshToken);
    expect((await call('GET', '/api/auth/me', { token: first.body.accessToken })).status).toBe(200);
    const second = await refresh(first.body.refreshToken);
    expect(second.status).toBe(200);
  });

  it('reuse of a rotated token revokes the whole family, including the newest token', async () => {
    const user = await registerInvestor();
    const rotated = await refresh(user.refreshToken);
    expect(rotated.status).toBe(200);
    const replay = await refresh(user.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('REFRESH_TOKEN_REUSED');
    const victim = await refresh(rotated.body.refreshToken);
    expect(victim.status).toBe(401);
    // Another sign-in is a different family and keeps working.
    const other = await login(user.user.email, user.password);
    expect((await refresh(other.refreshToken)).status).toBe(200);
  });

  it('refuses unknown and malformed refresh tokens', async () => {
    expect((await refresh('not-a-real-token')).status).toBe(401);
    const missing = await call('POST', '/api/auth/refresh', { ip: freshIp(), body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('refreshToken is required');
  });

  it('logout revokes the session of the refresh token', async () => {
    const user = await registerInvestor();
    const out = await call('POST', '/api/auth/logout', {
      ip: freshIp(),
      body: { refreshToken: user.refreshToken },
    });
    expect(out.status).toBe(200);
    expect((await refresh(user.refreshToken)).status).toBe(401);
  });
});

describe('banning', () => {
  it('blocks sign-in, refresh and a still-valid access token within seconds; unbanning restores access', async () => {
    const admin = await loginAdmin();
    const user = await registerInvestor();
    expect((await call('GET', '/api/auth/me', { token: user.accessToken })).status).toBe(200);

    const ban = await call('PATCH', `/api/admin/users/${user.user.id}/ban`, {
      token: admin.accessToken,
      body: { isBanned: true },
    });
    expect(ban.status).toBe(200);
    expect(ban.body.isBanned).toBe(true);

    // The access token is still cryptographically valid; the gateway learns of the ban from the event. Until it
    // has, the ban's other event (every session ended) may reach identity first, which then answers 401
    // SESSION_REVOKED: refused either way, and named as a ban once the gateway knows.
    await eventually(
      async () => {
        const answer = await call('GET', '/api/auth/me', { token: user.accessToken });
        return answer.status === 403 && answer.body.code === 'ACCOUNT_BANNED';
      },
      5000,
      'the gateway to refuse the banned token as banned',
    );
    const me = await call('GET', '/api/auth/me', { token: user.accessToken });
    expect(me.body).toMatchObject({
      code: 'ACCOUNT_BANNED',
      message: 'Your account has been suspended. Please contact support.',
    });
    const signIn = await call('POST', '/api/auth/login', {
      ip: freshIp(),
      body: { email: user.user.email, password: user.password },
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body.code).toBe('ACCOUNT_BANNED');
    expect((await refresh(user.refreshToken)).status).toBe(401);

    expect(
      (
        await call('PATCH', `/api/admin/users/${user.user.id}/ban`, {
          token: admin.accessToken,
          body: { isBanned: false },
        })
      ).status,
    ).toBe(200);
    const again = await login(user.user.email, user.password);
    await eventually(
      async () => (await call('GET', '/api/auth/me', { token: again.accessToken })).status === 200,
      5000,
      'access after unban',
    );
  });

  it('an admin cannot ban themselves, and the body must be a boolean', async () => {
    const admin = await loginAdmin();
    const self = await call('PATCH', `/api/admin/users/${admin.user.id}/ban`, {
      token: admin.accessToken,
      body: { isBanned: true },
    });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot ban your own account');
    const user = await registerInvestor();
    const bad = await call('PATCH', `/api/admin/users/${user.user.id}/ban`, {
      token: admin.accessToken,
      body: { isBanned: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('isBanned must be true or false');
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per client IP with a 429 and Retry-After', async () => {
    const ip = freshIp();
    const limit = Number(process.env.AUTH_RATE_LIMIT_PER_MINUTE);
    let last = await call('POST', '/api/auth/login', {
      ip,
      body: { email: 'nobody@example.com', password: 'whatever1' },
    });
    for (let i = 1; i <= limit; i += 1)
      last = await call('POST', '/api/auth/login', {
        ip,
        body: { email: 'nobody@example.com', password: 'whatever1' },
      });
    expect(last.status).toBe(429);
    expect(last.body.code).toBe('RATE_LIMITED');
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client is unaffected.
    expect(
      (
        await call('POST', '/api/auth/login', {
          ip: freshIp(),
          body: { email: 'nobody@example.com', password: 'whatever1' },
        })
      ).status,
    ).toBe(401);
  });
});

describe('password reset', () => {
  it('an admin issues a one-hour single-use link; it sets a new password and ends every session', async () => {
    const admin = await loginAdmin();
    const user = await registerInvestor();
    const issued = await call('POST', `/api/admin/users/${user.user.id}/reset-password`, {
      token: admin.accessToken,
    });
    expect(issued.status).toBe(200);
    expect(issued.body.message).toBe('Password reset email sent');
    const expiresIn = new Date(issued.body.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(59 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);

    // The token travels to the mail sender inside the event; read it from the stream as the mailer would.
    const { resetToken } = await readResetEvent(user.user.id);
    const reset = await call('POST', '/api/auth/reset-password', {
      ip: freshIp(),
      body: { token: resetToken, password: 'brand-new-pass' },
    });
    expect(reset.status).toBe(200);
    expect((await refresh(user.refreshToken)).status).toBe(401);
    await login(user.user.email, 'brand-new-pass');
    const reuse = await call('POST', '/api/auth/reset-password', {
      ip: freshIp(),
      body: { token: resetToken, password: 'another-pass' },
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe('This password reset link is invalid or has expired');
  });
});
