import Router from '@koa/router';
import {
  AdminInvestmentQuery,
  InvestmentExportQuery,
  InvestmentRequest,
  ListQuery,
} from '@cropvest/contracts';
import {
  authenticate,
  csvExportRoute,
  currentUser,
  parseInput,
  requireRole,
  requestMeta,
  sendPage,
} from '@cropvest/service-kit';
import * as investments from '../app/investments.ts';
import { investmentsExport } from '../db/exports.ts';
import type { PlansContext } from '../app/context.ts';

/** A signed-in user's own investments (spec section 7, Investor). */
export function investmentRoutes(plans: PlansContext): Router {
  const router = new Router({ prefix: '/api/investments' });
  router.use(authenticate(plans.verifier));
  router.get('/', async (ctx) => {
    sendPage(
      ctx,
      await investments.myInvestments(plans, currentUser(ctx.state), parseInput(ListQuery, ctx.query)),
    );
  });
  router.post('/', async (ctx) => {
    const input = parseInput(InvestmentRequest, ctx.request.body);
    ctx.status = 201;
    ctx.body = await investments.invest(plans, currentUser(ctx.state), input, requestMeta(ctx));
  });
  return router;
}

export function adminInvestmentRoutes(plans: PlansContext): Router {
  const router = new Router({ prefix: '/api/admin/investments' });
  router.use(authenticate(plans.verifier), requireRole('admin'));
  router.get('/', async (ctx) => {
    sendPage(ctx, await investments.adminInvestments(plans, parseInput(AdminInvestmentQuery, ctx.query)));
  });
  router.get('/export.csv', csvExportRoute(plans, InvestmentExportQuery, investmentsExport));
  return router;
}
