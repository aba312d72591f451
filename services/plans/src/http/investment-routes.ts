import Router from '@koa/router';
import { AdminInvestmentQuery, InvestmentRequest, ListQuery } from '@cropvest/contracts';
import {
  authenticate,
  currentUser,
  parseInput,
  requireRole,
  requestMeta,
  sendPage,
} from '@cropvest/service-kit';
import * as investments from '../app/investments.ts';
import type { PlansContext } from '../app/context.ts';

/** A signed-in user's own investments (spec section 7, Investor). */
export function investmentRoutes(ctx: PlansContext): Router {
  const router = new Router({ prefix: '/api/investments' });
  router.use(authenticate(ctx.verifier));
  router.get('/', async (http) => {
    sendPage(
      http,
      await investments.myInvestments(ctx, currentUser(http.state), parseInput(ListQuery, http.query)),
    );
  });
  router.post('/', async (http) => {
    const input = parseInput(InvestmentRequest, http.request.body);
    http.status = 201;
    http.body = await investments.invest(ctx, currentUser(http.state), input, requestMeta(http));
  });
  return router;
}

export function adminInvestmentRoutes(ctx: PlansContext): Router {
  const router = new Router({ prefix: '/api/admin/investments' });
  router.use(authenticate(ctx.verifier), requireRole('admin'));
  router.get('/', async (http) => {
    sendPage(http, await investments.adminInvestments(ctx, parseInput(AdminInvestmentQuery, http.query)));
  });
  return router;
}
