import { handlers } from '@cropvest/service-kit/operations';
import * as twoFactor from '../app/two-factor.ts';
import type { IdentityContext } from '../app/context.ts';

/** A signed-in user's own second step: enrolled, turned off, its recovery codes renewed (the sign-in's own steps are in sign-in-routes.ts). */
export const twoFactorRoutes = (identity: IdentityContext) =>
  handlers('identity', {
    twoFactorStatus: ({ actor }) => twoFactor.twoFactorStatus(identity, actor.id),
    startTwoFactorEnrolment: ({ actor }) => twoFactor.startOwnEnrolment(identity, actor),
    confirmTwoFactorEnrolment: ({ actor, body, meta }) =>
      twoFactor.confirmOwnEnrolment(identity, actor, body.code, meta),
    disableTwoFactor: async ({ actor, body, meta }) => {
      await twoFactor.disableOwn(identity, actor, body, meta);
      return { ok: true } as const;
    },
    regenerateRecoveryCodes: ({ actor, body }) =>
      twoFactor.regenerateOwnRecoveryCodes(identity, actor, body.code),
  });
