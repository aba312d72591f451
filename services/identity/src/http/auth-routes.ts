import Router from '@koa/router';
import type { Context } from 'koa';
import {
  ChangePasswordRequest,
  EmailChangeConfirmRequest,
  EmailChangeRequest,
  IdParam,
  LoginAlertsSetting,
  LoginRequest,
  LogoutRequest,
  RefreshRequest,
  RegisterRequest,
  ResetPasswordRequest,
  TwoFactorChallengeRequest,
  TwoFactorCodeRequest,
  TwoFactorDisableRequest,
  TwoFactorEnrolConfirmRequest,
  TwoFactorLoginRequest,
  UpdateProfileRequest,
} from '@cropvest/contracts';
import { authenticate, currentUser, parseInput, requestMeta } from '@cropvest/service-kit';
import * as auth from '../app/auth.ts';
import * as sessions from '../app/own-sessions.ts';
import * as profile from '../app/profile.ts';
import * as twoFactor from '../app/two-factor.ts';
import type { IdentityContext } from '../app/context.ts';

/**
 * The device cookie: set at every sign-in, sent back only to /api/auth, never readable by scripts. It marks a
 * device that signed in before, so its sign-ins are limited apart from strangers sharing its IP.
 */
const DEVICE_COOKIE = 'cv_device';
const DEVICE_COOKIE_MAX_AGE_MS = 400 * 24 * 3600_000;

const client = (ctx: Context): auth.SignInClient => ({
  ...requestMeta(ctx),
  userAgent: ctx.get('user-agent').slice(0, 512) || null,
  device: ctx.cookies.get(DEVICE_COOKIE) ?? null,
});

function answerSignIn(ctx: Context, signedIn: auth.SignedIn, extra: object = {}): void {
  ctx.cookies.set(DEVICE_COOKIE, signedIn.device, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/api/auth',
    maxAge: DEVICE_COOKIE_MAX_AGE_MS,
    secure: ctx.secure,
    overwrite: true,
  });
  ctx.body = { ...signedIn.response, ...extra };
}

/** Sign-in refusals say when to try again. */
async function withRetryAfter(ctx: Context, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof auth.SignInRefused) ctx.set('Retry-After', String(error.retryAfterSeconds));
    throw error;
  }
}

export function authRoutes(identity: IdentityContext): Router {
  const router = new Router({ prefix: '/api/auth' });

  router.post('/register', async (ctx) => {
    const signedIn = await auth.register(
      identity,
      parseInput(RegisterRequest, ctx.request.body),
      client(ctx),
    );
    ctx.status = 201;
    answerSignIn(ctx, signedIn);
  });
  router.post('/login', (ctx) =>
    withRetryAfter(ctx, async () => {
      const outcome = await auth.login(identity, parseInput(LoginRequest, ctx.request.body), client(ctx));
      // A second step is due: the challenge only, no session and no device cookie yet.
      if ('challenge' in outcome) ctx.body = outcome.challenge;
      else answerSignIn(ctx, outcome);
    }),
  );
  router.post('/login/two-factor', (ctx) =>
    withRetryAfter(ctx, async () => {
      answerSignIn(
        ctx,
        await twoFactor.completeSignIn(
          identity,
          parseInput(TwoFactorLoginRequest, ctx.request.body),
          client(ctx),
        ),
      );
    }),
  );
  router.post('/login/two-factor/enrolment', async (ctx) => {
    const { challengeToken } = parseInput(TwoFactorChallengeRequest, ctx.request.body);
    ctx.body = await twoFactor.startChallengeEnrolment(identity, challengeToken);
  });
  router.post('/login/two-factor/enrolment/confirm', (ctx) =>
    withRetryAfter(ctx, async () => {
      const { recoveryCodes, ...signedIn } = await twoFactor.confirmChallengeEnrolment(
        identity,
        parseInput(TwoFactorEnrolConfirmRequest, ctx.request.body),
        client(ctx),
      );
      answerSignIn(ctx, signedIn, { recoveryCodes });
    }),
  );
  router.post('/refresh', async (ctx) => {
    ctx.body = await auth.refresh(
      identity,
      parseInput(RefreshRequest, ctx.request.body).refreshToken,
      client(ctx),
    );
  });
  router.post('/logout', async (ctx) => {
    await auth.logout(identity, parseInput(LogoutRequest, ctx.request.body).refreshToken, requestMeta(ctx));
    ctx.body = { ok: true };
  });
  router.post('/reset-password', async (ctx) => {
    await auth.resetPassword(identity, parseInput(ResetPasswordRequest, ctx.request.body), requestMeta(ctx));
    ctx.body = { ok: true };
  });
  router.get('/me', authenticate(identity.verifier), async (ctx) => {
    ctx.body = await auth.currentUserProfile(identity, currentUser(ctx.state).id);
  });
  router.patch('/me', authenticate(identity.verifier), async (ctx) => {
    const { name } = parseInput(UpdateProfileRequest, ctx.request.body);
    ctx.body = await profile.updateOwnProfile(identity, currentUser(ctx.state), name, requestMeta(ctx));
  });
  router.get('/email-change', authenticate(identity.verifier), async (ctx) => {
    ctx.body = await profile.pendingEmailChange(identity, currentUser(ctx.state));
  });
  router.post('/email-change', authenticate(identity.verifier), (ctx) =>
    withRetryAfter(ctx, async () => {
      ctx.body = await profile.startEmailChange(
        identity,
        currentUser(ctx.state),
        parseInput(EmailChangeRequest, ctx.request.body),
        requestMeta(ctx),
      );
    }),
  );
  // Public: the link may be opened on a device that is not signed in; the single-use token is the permission.
  router.post('/email-change/confirm', async (ctx) => {
    const { token } = parseInput(EmailChangeConfirmRequest, ctx.request.body);
    ctx.body = await profile.confirmEmailChange(identity, token, requestMeta(ctx));
  });
  router.get('/login-alerts', authenticate(identity.verifier), async (ctx) => {
    ctx.body = await profile.loginAlerts(identity, currentUser(ctx.state));
  });
  router.put('/login-alerts', authenticate(identity.verifier), async (ctx) => {
    const { enabled } = parseInput(LoginAlertsSetting, ctx.request.body);
    ctx.body = await profile.setLoginAlerts(identity, currentUser(ctx.state), enabled);
  });
  router.post('/change-password', authenticate(identity.verifier), (ctx) =>
    withRetryAfter(ctx, async () => {
      await auth.changePassword(
        identity,
        currentUser(ctx.state),
        parseInput(ChangePasswordRequest, ctx.request.body),
        requestMeta(ctx),
      );
      ctx.body = { ok: true };
    }),
  );
  router.get('/two-factor', authenticate(identity.verifier), async (ctx) => {
    ctx.body = await twoFactor.twoFactorStatus(identity, currentUser(ctx.state).id);
  });
  router.post('/two-factor/enrolment', authenticate(identity.verifier), async (ctx) => {
    ctx.body = await twoFactor.startOwnEnrolment(identity, currentUser(ctx.state));
  });
  router.post('/two-factor/enrolment/confirm', authenticate(identity.verifier), (ctx) =>
    withRetryAfter(ctx, async () => {
      const { code } = parseInput(TwoFactorCodeRequest, ctx.request.body);
      ctx.body = await twoFactor.confirmOwnEnrolment(
        identity,
        currentUser(ctx.state),
        code,
        requestMeta(ctx),
      );
    }),
  );
  router.post('/two-factor/disable', authenticate(identity.verifier), (ctx) =>
    withRetryAfter(ctx, async () => {
      await twoFactor.disableOwn(
        identity,
        currentUser(ctx.state),
        parseInput(TwoFactorDisableRequest, ctx.request.body),
        requestMeta(ctx),
      );
      ctx.body = { ok: true };
    }),
  );
  router.post('/two-factor/recovery-codes', authenticate(identity.verifier), (ctx) =>
    withRetryAfter(ctx, async () => {
      const { code } = parseInput(TwoFactorCodeRequest, ctx.request.body);
      ctx.body = await twoFactor.regenerateOwnRecoveryCodes(identity, currentUser(ctx.state), code);
    }),
  );
  router.get('/sessions', authenticate(identity.verifier), async (ctx) => {
    ctx.body = await sessions.listOwnSessions(identity, currentUser(ctx.state));
  });
  router.delete('/sessions', authenticate(identity.verifier), async (ctx) => {
    ctx.body = await sessions.revokeAllOwnSessions(identity, currentUser(ctx.state), requestMeta(ctx));
  });
  router.delete('/sessions/:id', authenticate(identity.verifier), async (ctx) => {
    ctx.body = await sessions.revokeOwnSession(
      identity,
      currentUser(ctx.state),
      parseInput(IdParam, ctx.params).id,
      requestMeta(ctx),
    );
  });
  return router;
}
