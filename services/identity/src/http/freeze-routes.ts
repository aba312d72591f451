import { handlers } from '@cropvest/service-kit/operations';
import * as freeze from '../app/freeze.ts';
import type { IdentityContext } from '../app/context.ts';

const DONE = { ok: true } as const;

/**
 * Account freezes: by the user (signed in, or from the mailed link), lifted through a mailed confirmation, and
 * set or lifted by an admin.
 */
export const freezeRoutes = (identity: IdentityContext) =>
  handlers('identity', {
    freezeAccount: ({ actor, meta }) => freeze.freezeOwnAccount(identity, actor, meta),
    freezeByLink: async ({ body, meta }) => {
      await freeze.freezeByLink(identity, body.token, meta);
      return DONE;
    },
    requestUnfreeze: ({ body, meta }) => freeze.requestUnfreeze(identity, body, meta),
    confirmUnfreeze: async ({ body, meta }) => {
      await freeze.confirmUnfreeze(identity, body.token, meta);
      return DONE;
    },
    userFreeze: ({ id }) => freeze.adminAccountProtection(identity, id),
    adminFreezeUser: ({ actor, id, body, meta }) =>
      freeze.adminSetFreeze(identity, actor, id, true, body.reason, meta),
    adminUnfreezeUser: ({ actor, id, body, meta }) =>
      freeze.adminSetFreeze(identity, actor, id, false, body.reason, meta),
  });
