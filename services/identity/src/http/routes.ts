import Router from '@koa/router';
import type { Context } from 'koa';
import { operationsById } from '@cropvest/contracts';
import { requestMeta } from '@cropvest/service-kit/http';
import {
  operationRoutes,
  type OperationHandlers,
  type UntypedHandler,
} from '@cropvest/service-kit/operations';
import { SignInRefused } from '../app/auth.ts';
import { requireAdminIpAllowed } from '../app/settings.ts';
import type { IdentityContext } from '../app/context.ts';
import { auditLogRoutes } from './audit-log-routes.ts';
import { deviceRoutes } from './device-routes.ts';
import { freezeRoutes } from './freeze-routes.ts';
import { profileRoutes } from './profile-routes.ts';
import { sessionRoutes } from './session-routes.ts';
import { settingsRoutes } from './settings-routes.ts';
import { signInRoutes } from './sign-in-routes.ts';
import { testimonialRoutes } from './testimonial-routes.ts';
import { twoFactorRoutes } from './two-factor-routes.ts';
import { userRoutes } from './user-routes.ts';

type IdentityHandlers = OperationHandlers<'identity'>;

/**
 * What every identity handler gets besides its use case. Admin operations are refused from an address outside
 * the admin allow-list (platform settings) here as well as at the gateway: identity holds the list, so its own
 * admin calls keep to it whoever reaches them. A refusal for too many attempts (sign-in steps, password and code
 * checks) says when to try again in Retry-After.
 */
function identityChecks(identity: IdentityContext, set: IdentityHandlers): IdentityHandlers {
  const around = async <T>(ctx: Context, adminOnly: boolean, next: () => Promise<T>): Promise<T> => {
    try {
      if (adminOnly) await requireAdminIpAllowed(identity, requestMeta(ctx).ip);
      return await next();
    } catch (error) {
      if (error instanceof SignInRefused) ctx.set('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
  };
  const checked = (adminOnly: boolean, handler: UntypedHandler): UntypedHandler =>
    typeof handler === 'function'
      ? (request) => around(request.ctx, adminOnly, () => handler(request))
      : { middleware: [(ctx, next) => around(ctx, adminOnly, next), ...handler.middleware] };
  return Object.fromEntries(
    Object.entries(set as Record<string, UntypedHandler>).map(([id, handler]) => [
      id,
      checked(operationsById[id as keyof typeof operationsById].auth === 'admin', handler),
    ]),
  ) as IdentityHandlers;
}

/** Every operation identity answers, one handler each (the kit refuses a missing or doubled one). */
export const identityRoutes = (identity: IdentityContext) =>
  operationRoutes(
    'identity',
    identity.verifier,
    [
      signInRoutes(identity),
      sessionRoutes(identity),
      profileRoutes(identity),
      twoFactorRoutes(identity),
      deviceRoutes(identity),
      freezeRoutes(identity),
      userRoutes(identity),
      settingsRoutes(identity),
      testimonialRoutes(identity),
      auditLogRoutes(identity),
    ].map((set) => identityChecks(identity, set)),
  );

/** Internal, not an /api operation: the public half of the signing key, for the gateway and every service. */
export function signingKeyRoutes(identity: IdentityContext): Router {
  const router = new Router();
  router.get('/.well-known/jwks.json', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = { keys: [identity.issuer.key.publicJwk] };
  });
  return router;
}
