import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import {
  AntiPhishingCodeUpdate,
  DeviceApprovalClaim,
  DeviceApprovalDenial,
  DeviceApprovalSettingUpdate,
  DeviceApprovalToken,
  FreezeLinkRequest,
  ListQuery,
  UnfreezeConfirmRequest,
  UnfreezeRequest,
  ChangePasswordRequest,
  EmailChangeConfirmRequest,
  EmailChangeRequest,
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
import { authenticate, pageRoute, parseInput, requestMeta, route } from '@cropvest/service-kit';
import * as auth from '../app/auth.ts';
import * as antiPhishing from '../app/anti-phishing.ts';
import * as devices from '../app/device-approvals.ts';
import * as freeze from '../app/freeze.ts';
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

/** Keeps the device cookie: minted at a first sign-in, or at a sign-in waiting for approval (bound to it). */
function keepDevice(ctx: Context, device: string): void {
  ctx.cookies.set(DEVICE_COOKIE, device, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/api/auth',
    maxAge: DEVICE_COOKIE_MAX_AGE_MS,
    secure: ctx.secure,
    overwrite: true,
  });
}

function answerSignIn(ctx: Context, signedIn: auth.SignedIn, extra: object = {}): void {
  keepDevice(ctx, signedIn.device);
  ctx.body = { ...signedIn.response, ...extra };
}

/** What a sign-in step answers: the second step's challenge, the wait for approval, or the session. */
function answerSignInStep(
  ctx: Context,
  outcome: Awaited<ReturnType<typeof auth.login>> | Awaited<ReturnType<typeof devices.claimApproval>>,
): void {
  if ('challenge' in outcome) ctx.body = outcome.challenge;
  else if ('approval' in outcome) {
    keepDevice(ctx, outcome.device);
    ctx.body = outcome.approval;
  } else if ('status' in outcome) {
    ctx.status = 202;
    ctx.body = outcome;
  } else answerSignIn(ctx, outcome);
}

/** Sign-in refusals say when to try again. */
const retryAfter: Middleware = async (ctx, next) => {
  try {
    await next();
  } catch (error) {
    if (error instanceof auth.SignInRefused) ctx.set('Retry-After', String(error.retryAfterSeconds));
    throw error;
  }
};

const DONE = { ok: true } as const;

export function authRoutes(identity: IdentityContext): Router {
  const router = new Router({ prefix: '/api/auth' });
  const signedIn = authenticate(identity.verifier);

  router.post('/register', async (ctx) => {
    const account = await auth.register(identity, parseInput(RegisterRequest, ctx.request.body), client(ctx));
    ctx.status = 201;
    answerSignIn(ctx, account);
  });
  router.post('/login', retryAfter, async (ctx) => {
    answerSignInStep(
      ctx,
      await auth.login(identity, parseInput(LoginRequest, ctx.request.body), client(ctx)),
    );
  });
  // The browser waiting for its approval: 202 while the link is unopened, then the sign-in's next step.
  router.post('/login/device-approval', retryAfter, async (ctx) => {
    const { waitToken } = parseInput(DeviceApprovalClaim, ctx.request.body);
    answerSignInStep(ctx, await devices.claimApproval(identity, waitToken, client(ctx)));
  });
  // Public: the mailed link may be opened anywhere; its single-use token is the permission.
  router.post(
    '/device-approvals/details',
    route({ body: DeviceApprovalToken }, ({ body }) => devices.approvalDetails(identity, body.token)),
  );
  router.post(
    '/device-approvals/approve',
    route({ body: DeviceApprovalToken }, ({ body, meta }) =>
      devices.approveDevice(identity, body.token, meta),
    ),
  );
  router.post(
    '/device-approvals/deny',
    route({ body: DeviceApprovalDenial }, ({ body, meta }) => devices.denyDevice(identity, body, meta)),
  );
  router.post(
    '/freeze/link',
    route({ body: FreezeLinkRequest }, async ({ body, meta }) => {
      await freeze.freezeByLink(identity, body.token, meta);
      return DONE;
    }),
  );
  router.post(
    '/unfreeze',
    retryAfter,
    route({ body: UnfreezeRequest }, ({ body, meta }) => freeze.requestUnfreeze(identity, body, meta)),
  );
  router.post(
    '/unfreeze/confirm',
    route({ body: UnfreezeConfirmRequest }, async ({ body, meta }) => {
      await freeze.confirmUnfreeze(identity, body.token, meta);
      return DONE;
    }),
  );
  router.post('/login/two-factor', retryAfter, async (ctx) => {
    const body = parseInput(TwoFactorLoginRequest, ctx.request.body);
    answerSignIn(ctx, await twoFactor.completeSignIn(identity, body, client(ctx)));
  });
  router.post(
    '/login/two-factor/enrolment',
    route({ body: TwoFactorChallengeRequest }, ({ body }) =>
      twoFactor.startChallengeEnrolment(identity, body.challengeToken),
    ),
  );
  router.post('/login/two-factor/enrolment/confirm', retryAfter, async (ctx) => {
    const body = parseInput(TwoFactorEnrolConfirmRequest, ctx.request.body);
    const { recoveryCodes, ...account } = await twoFactor.confirmChallengeEnrolment(
      identity,
      body,
      client(ctx),
    );
    answerSignIn(ctx, account, { recoveryCodes });
  });
  router.post('/refresh', async (ctx) => {
    const { refreshToken } = parseInput(RefreshRequest, ctx.request.body);
    ctx.body = await auth.refresh(identity, refreshToken, client(ctx));
  });
  router.post(
    '/logout',
    route({ body: LogoutRequest }, async ({ body, meta }) => {
      await auth.logout(identity, body.refreshToken, meta);
      return DONE;
    }),
  );
  router.post(
    '/reset-password',
    route({ body: ResetPasswordRequest }, async ({ body, meta }) => {
      await auth.resetPassword(identity, body, meta);
      return DONE;
    }),
  );
  router.get(
    '/me',
    signedIn,
    route({}, ({ actor }) => auth.currentUserProfile(identity, actor.id)),
  );
  router.patch(
    '/me',
    signedIn,
    route({ body: UpdateProfileRequest }, ({ actor, body, meta }) =>
      profile.updateOwnProfile(identity, actor, body.name, meta),
    ),
  );
  router.get(
    '/email-change',
    signedIn,
    route({}, ({ actor }) => profile.pendingEmailChange(identity, actor)),
  );
  router.post(
    '/email-change',
    signedIn,
    retryAfter,
    route({ body: EmailChangeRequest }, ({ actor, body, meta }) =>
      profile.startEmailChange(identity, actor, body, meta),
    ),
  );
  // Public: the link may be opened on a device that is not signed in; the single-use token is the permission.
  router.post(
    '/email-change/confirm',
    route({ body: EmailChangeConfirmRequest }, ({ body, meta }) =>
      profile.confirmEmailChange(identity, body.token, meta),
    ),
  );
  router.get(
    '/login-alerts',
    signedIn,
    route({}, ({ actor }) => profile.loginAlerts(identity, actor)),
  );
  router.put(
    '/login-alerts',
    signedIn,
    route({ body: LoginAlertsSetting }, ({ actor, body }) =>
      profile.setLoginAlerts(identity, actor, body.enabled),
    ),
  );
  router.get(
    '/anti-phishing-code',
    signedIn,
    route({}, ({ actor }) => antiPhishing.ownAntiPhishingCode(identity, actor)),
  );
  router.put(
    '/anti-phishing-code',
    signedIn,
    retryAfter,
    route({ body: AntiPhishingCodeUpdate }, ({ actor, body, meta }) =>
      antiPhishing.setOwnAntiPhishingCode(identity, actor, body, meta),
    ),
  );
  router.post(
    '/change-password',
    signedIn,
    retryAfter,
    route({ body: ChangePasswordRequest }, async ({ actor, body, meta }) => {
      await auth.changePassword(identity, actor, body, meta);
      return DONE;
    }),
  );
  router.get(
    '/two-factor',
    signedIn,
    route({}, ({ actor }) => twoFactor.twoFactorStatus(identity, actor.id)),
  );
  router.post(
    '/two-factor/enrolment',
    signedIn,
    route({}, ({ actor }) => twoFactor.startOwnEnrolment(identity, actor)),
  );
  router.post(
    '/two-factor/enrolment/confirm',
    signedIn,
    retryAfter,
    route({ body: TwoFactorCodeRequest }, ({ actor, body, meta }) =>
      twoFactor.confirmOwnEnrolment(identity, actor, body.code, meta),
    ),
  );
  router.post(
    '/two-factor/disable',
    signedIn,
    retryAfter,
    route({ body: TwoFactorDisableRequest }, async ({ actor, body, meta }) => {
      await twoFactor.disableOwn(identity, actor, body, meta);
      return DONE;
    }),
  );
  router.post(
    '/two-factor/recovery-codes',
    signedIn,
    retryAfter,
    route({ body: TwoFactorCodeRequest }, ({ actor, body }) =>
      twoFactor.regenerateOwnRecoveryCodes(identity, actor, body.code),
    ),
  );
  router.post(
    '/freeze',
    signedIn,
    route({}, ({ actor, meta }) => freeze.freezeOwnAccount(identity, actor, meta)),
  );
  router.get('/devices', signedIn, async (ctx, next) =>
    pageRoute({ query: ListQuery }, ({ actor, query }) =>
      devices.trustedDevices(identity, actor.id, query, ctx.cookies.get(DEVICE_COOKIE) ?? null),
    )(ctx, next),
  );
  router.delete(
    '/devices/:id',
    signedIn,
    route({}, ({ actor, id, meta }) => devices.endDevice(identity, actor, id, true, meta)),
  );
  router.post(
    '/devices/:id/sign-out',
    signedIn,
    route({}, ({ actor, id, meta }) => devices.endDevice(identity, actor, id, false, meta)),
  );
  router.get(
    '/device-approval',
    signedIn,
    route({}, ({ actor }) => devices.ownApprovalSetting(identity, actor)),
  );
  router.put(
    '/device-approval',
    signedIn,
    retryAfter,
    route({ body: DeviceApprovalSettingUpdate }, ({ actor, body, meta }) =>
      devices.setOwnApprovalSetting(identity, actor, body, meta),
    ),
  );
  router.get(
    '/sessions',
    signedIn,
    route({}, ({ actor }) => sessions.listOwnSessions(identity, actor)),
  );
  router.delete(
    '/sessions',
    signedIn,
    route({}, ({ actor, meta }) => sessions.revokeAllOwnSessions(identity, actor, meta)),
  );
  router.delete(
    '/sessions/:id',
    signedIn,
    route({}, ({ actor, id, meta }) => sessions.revokeOwnSession(identity, actor, id, meta)),
  );
  return router;
}
