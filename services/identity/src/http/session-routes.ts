import { handlers } from '@cropvest/service-kit/operations';
import * as sessions from '../app/own-sessions.ts';
import type { IdentityContext } from '../app/context.ts';

/** A signed-in user's own sessions: listed, ended one by one, or all but the asking one. */
export const sessionRoutes = (identity: IdentityContext) =>
  handlers('identity', {
    mySessions: ({ actor }) => sessions.listOwnSessions(identity, actor),
    endSession: ({ actor, id, meta }) => sessions.revokeOwnSession(identity, actor, id, meta),
    endOtherSessions: ({ actor, meta }) => sessions.revokeAllOwnSessions(identity, actor, meta),
  });
