import Router from '@koa/router';
import { ReportQuery, ReportRangeQuery } from '@cropvest/contracts';
import { authenticate, parseInput, requireRole } from '@cropvest/service-kit';
import type { PlansContext } from '../app/context.ts';
import { harvestCalendar, investmentReport } from '../db/reports.ts';

/** The admin reports this service owns; the admin check is made here again after the gateway's. */
export function adminReportRoutes(plans: PlansContext): Router {
  const router = new Router({ prefix: '/api/admin/reports' });
  router.use(['/investments', '/harvest-calendar'], authenticate(plans.verifier), requireRole('admin'));
  router.get('/investments', async (ctx) => {
    ctx.body = await investmentReport(plans.db, parseInput(ReportQuery, ctx.query));
  });
  router.get('/harvest-calendar', async (ctx) => {
    ctx.body = await harvestCalendar(plans.db, parseInput(ReportRangeQuery, ctx.query));
  });
  return router;
}
