import Router from '@koa/router';
import {
  LoginRequest,
  LogoutRequest,
  RefreshRequest,
  RegisterRequest,
  ResetPasswordRequest,
} from '@cropvest/contracts';
import { authenticate, currentUser, parseInput, requestMeta } from '@cropvest/service-kit';
import * as auth from '../app/auth.ts';
import type { IdentityContext } from '../app/context.ts';

export function authRoutes(identity: IdentityContext): Router {
  const router = new Router({ prefix: '/api/auth' });

  router.post('/register', async (ctx) => {
    ctx.status = 201;
    ctx.body = await auth.register(identity, parseInput(RegisterRequest, ctx.request.body), requestMeta(ctx));
  });
  router.post('/login', async (ctx) => {
    ctx.body = await auth.login(identity, parseInput(LoginRequest, ctx.request.body), requestMeta(ctx));
  });
  router.post('/refresh', async (ctx) => {
    ctx.body = await auth.refresh(identity, parseInput(RefreshRequest, ctx.request.body).refreshToken);
  });
  router.post('/logout', async (ctx) => {
    await auth.logout(identity, parseInput(LogoutRequest, ctx.request.body).refreshToken);
    ctx.body = { ok: true };
  });
  router.post('/reset-password', async (ctx) => {
    await auth.resetPassword(identity, parseInput(ResetPasswordRequest, ctx.request.body));
    ctx.body = { ok: true };
  });
  router.get('/me', authenticate(identity.verifier), async (ctx) => {
    ctx.body = await auth.currentUserProfile(identity, currentUser(ctx.state).id);
  });
  return router;
}
