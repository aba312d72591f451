import Router from '@koa/router';
import {
  AdminInvestmentQuery,
  InvestmentExportQuery,
  InvestmentRequest,
  ListQuery,
} from '@cropvest/contracts';
import { authenticate, csvExportRoute, pageRoute, requireRole, route } from '@cropvest/service-kit';
import * as investments from '../app/investments.ts';
import { cancelInvestment } from '../app/cancellation.ts';
import { investmentsExport } from '../db/exports.ts';
import type { PlansContext } from '../app/context.ts';

/** A signed-in user's own investments (spec section 7, Investor). */
export function investmentRoutes(plans: PlansContext): Router {
  const router = new Router({ prefix: '/api/investments' });
  router.use(authenticate(plans.verifier));
  router.get(
    '/',
    pageRoute({ query: ListQuery }, ({ actor, query }) => investments.myInvestments(plans, actor, query)),
  );
  router.post(
    '/',
    route({ body: InvestmentRequest, status: 201 }, ({ actor, body, meta }) =>
      investments.invest(plans, actor, body, meta),
    ),
  );
  router.post(
    '/:id/cancel',
    route({}, ({ actor, id, meta }) => cancelInvestment(plans, actor, id, meta)),
  );
  return router;
}

export function adminInvestmentRoutes(plans: PlansContext): Router {
  const router = new Router({ prefix: '/api/admin/investments' });
  router.use(authenticate(plans.verifier), requireRole('admin'));
  router.get(
    '/',
    pageRoute({ query: AdminInvestmentQuery }, ({ query }) => investments.adminInvestments(plans, query)),
  );
  router.get('/export.csv', csvExportRoute(plans, InvestmentExportQuery, investmentsExport));
  return router;
}
