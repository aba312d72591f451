import { handlers } from '@cropvest/service-kit/operations';
import * as auth from '../app/auth.ts';
import * as antiPhishing from '../app/anti-phishing.ts';
import * as profile from '../app/profile.ts';
import type { IdentityContext } from '../app/context.ts';

/**
 * A signed-in user's own account: name, email (changed through a mailed link), password, sign-in alerts and the
 * anti-phishing code the platform's emails carry.
 */
export const profileRoutes = (identity: IdentityContext) =>
  handlers('identity', {
    me: ({ actor }) => auth.currentUserProfile(identity, actor.id),
    updateProfile: ({ actor, body, meta }) => profile.updateOwnProfile(identity, actor, body.name, meta),
    pendingEmailChange: ({ actor }) => profile.pendingEmailChange(identity, actor),
    requestEmailChange: ({ actor, body, meta }) => profile.startEmailChange(identity, actor, body, meta),
    // Public: the link may be opened on a device that is not signed in; the single-use token is the permission.
    confirmEmailChange: ({ body, meta }) => profile.confirmEmailChange(identity, body.token, meta),
    changePassword: async ({ actor, body, meta }) => {
      await auth.changePassword(identity, actor, body, meta);
      return { ok: true } as const;
    },
    loginAlerts: ({ actor }) => profile.loginAlerts(identity, actor),
    updateLoginAlerts: ({ actor, body }) => profile.setLoginAlerts(identity, actor, body.enabled),
    antiPhishingCode: ({ actor }) => antiPhishing.ownAntiPhishingCode(identity, actor),
    updateAntiPhishingCode: ({ actor, body, meta }) =>
      antiPhishing.setOwnAntiPhishingCode(identity, actor, body, meta),
  });
