import type { Context } from 'koa';
import { handlers } from '@cropvest/service-kit/operations';
import * as auth from '../app/auth.ts';
import * as devices from '../app/device-approvals.ts';
import * as twoFactor from '../app/two-factor.ts';
import type { IdentityContext } from '../app/context.ts';
import { keepDevice, signInClient } from './device-cookie.ts';

const DONE = { ok: true } as const;

/** A session begun: its tokens answered, the device cookie kept. */
function signedInAnswer(ctx: Context, signedIn: auth.SignedIn, extra: object = {}): object {
  keepDevice(ctx, signedIn.device);
  return { ...signedIn.response, ...extra };
}

/** What a sign-in step answers: the second step's challenge, the wait for approval, or the session. */
function signInStepAnswer(
  ctx: Context,
  outcome: Awaited<ReturnType<typeof auth.login>> | Awaited<ReturnType<typeof devices.claimApproval>>,
): object {
  if ('challenge' in outcome) return outcome.challenge;
  if ('approval' in outcome) {
    keepDevice(ctx, outcome.device);
    return outcome.approval;
  }
  if ('status' in outcome) {
    ctx.status = 202;
    return outcome;
  }
  return signedInAnswer(ctx, outcome);
}

/**
 * Sessions begun, renewed and ended: registration, each sign-in step (password, second step, approval from
 * another device), refresh, sign-out, and the mailed password reset. All public: the caller has no session yet.
 */
export const signInRoutes = (identity: IdentityContext) =>
  handlers('identity', {
    register: async ({ body, ctx }) =>
      signedInAnswer(ctx, await auth.register(identity, body, signInClient(ctx))),
    login: async ({ body, ctx }) =>
      signInStepAnswer(ctx, await auth.login(identity, body, signInClient(ctx))),
    // The browser waiting for its approval: 202 while the link is unopened, then the sign-in's next step.
    claimDeviceApproval: async ({ body, ctx }) =>
      signInStepAnswer(ctx, await devices.claimApproval(identity, body.waitToken, signInClient(ctx))),
    loginTwoFactor: async ({ body, ctx }) =>
      signedInAnswer(ctx, await twoFactor.completeSignIn(identity, body, signInClient(ctx))),
    loginTwoFactorEnrolment: ({ body }) => twoFactor.startChallengeEnrolment(identity, body.challengeToken),
    loginTwoFactorEnrolmentConfirm: async ({ body, ctx }) => {
      const { recoveryCodes, ...account } = await twoFactor.confirmChallengeEnrolment(
        identity,
        body,
        signInClient(ctx),
      );
      return signedInAnswer(ctx, account, { recoveryCodes });
    },
    refresh: ({ body, ctx }) => auth.refresh(identity, body.refreshToken, signInClient(ctx)),
    logout: async ({ body, meta }) => {
      await auth.logout(identity, body.refreshToken, meta);
      return DONE;
    },
    resetPassword: async ({ body, meta }) => {
      await auth.resetPassword(identity, body, meta);
      return DONE;
    },
  });
