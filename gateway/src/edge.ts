// The checks every /api call passes, once, before a service or the gateway's own answers (compose.ts) get it,
// in order: route known, body size, rate limit, token, ban, role, admin addresses, maintenance. Services check
// the token and role again themselves.
import type { Middleware } from 'koa';
import {
  bearerToken,
  refusePasswordExpired,
  type AuthUser,
  type TokenVerifier,
} from '@cropvest/service-kit/auth';
import {
  ForbiddenError,
  NotFoundError,
  AppError,
  ServiceUnavailableError,
  UnauthorizedError,
} from '@cropvest/service-kit/errors';
import { BODY_TOO_LARGE } from '@cropvest/service-kit/http';
import type { AccessState } from './access-state.ts';
import type { AuthAttemptLimit } from './auth-rate-limit.ts';
import { ownAnswerTo, type OwnAnswers } from './compose.ts';
import type { GatewayConfig } from './config.ts';
import {
  isAdminPath,
  isOpenInMaintenance,
  isPublicCall,
  isUploadPath,
  matchRoute,
  RATE_LIMITED,
  type Upstream,
} from './routes.ts';

export interface EdgeDeps {
  config: GatewayConfig;
  verifier: TokenVerifier;
  access: AccessState;
  /** Sign-in and registration attempts, counted per client address across every gateway replica. */
  authAttemptLimit: AuthAttemptLimit;
  upstreams: Record<string, Upstream>;
  proxy: (ctx: Parameters<Middleware>[0], upstream: Upstream) => Promise<void>;
  /** The gateway's own operations' answers (the composed figures). */
  ownAnswers: OwnAnswers;
}

export function edge(deps: EdgeDeps): Middleware {
  const { config, verifier, access } = deps;

  return async (ctx) => {
    const ownAnswer = ownAnswerTo(deps.ownAnswers, ctx.method, ctx.path);
    const rule = ownAnswer ? undefined : matchRoute(ctx.path);
    if (!ownAnswer && !rule) throw new NotFoundError(`No route for ${ctx.method} ${ctx.path}`);
    const upstream = rule && deps.upstreams[rule.upstream];
    if (rule && !upstream)
      throw new ServiceUnavailableError(`The ${rule.upstream} service is not configured`);

    const bodyLimit =
      ctx.method === 'PUT' && isUploadPath(ctx.path)
        ? config.UPLOAD_BODY_LIMIT_BYTES
        : config.BODY_LIMIT_BYTES;
    if (Number(ctx.get('content-length') || 0) > bodyLimit)
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', BODY_TOO_LARGE);

    if (ctx.method === 'POST' && RATE_LIMITED.has(ctx.path)) await deps.authAttemptLimit(ctx);

    let user: AuthUser | undefined;
    const token = bearerToken(ctx.get('authorization'));
    if (!isPublicCall(ctx.method, ctx.path)) {
      if (!token) throw new UnauthorizedError('Authentication required');
      user = await verifier.verify(token);
      if (access.isBanned(user.id))
        throw new ForbiddenError(
          'Your account has been suspended. Please contact support.',
          'ACCOUNT_BANNED',
        );
      refusePasswordExpired(user, ctx.method, ctx.path);
      if (isAdminPath(ctx.path) && user.role !== 'admin') throw new ForbiddenError('Admin access required');
      // ctx.ip is the socket's address, or with TRUSTED_PROXY_HOPS the one the nearest trusted proxy appended.
      if (isAdminPath(ctx.path) && !access.adminIpAllowed(ctx.ip))
        throw new ForbiddenError(
          'Admin access is not allowed from this address (IP whitelisting)',
          'IP_NOT_ALLOWED',
        );
    }

    if (access.maintenanceMode && user?.role !== 'admin' && !isOpenInMaintenance(ctx.path)) {
      throw new ServiceUnavailableError(
        'The platform is under maintenance. Please try again later.',
        'MAINTENANCE',
      );
    }

    if (ownAnswer) await ownAnswer(ctx);
    else await deps.proxy(ctx, upstream as Upstream);
  };
}
