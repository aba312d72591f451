import Router from '@koa/router';
import { ReportQuery, ReportRangeQuery } from '@cropvest/contracts';
import { authenticate, parseInput, requireRole } from '@cropvest/service-kit';
import type { PlansContext } from '../app/context.ts';
import { harvestCalendar, investmentReport } from '../db/reports.ts';

/** The admin reports this service owns; the admin check is made here again after the gateway's. */
export function adminReportRoutes(ctx: PlansContext): Router {
  const router = new Router({ prefix: '/api/admin/reports' });
  router.use(['/investments', '/harvest-calendar'], authenticate(ctx.verifier), requireRole('admin'));
  router.get('/investments', async (http) => {
    http.body = await investmentReport(ctx.db, parseInput(ReportQuery, http.query));
  });
  router.get('/harvest-calendar', async (http) => {
    http.body = await harvestCalendar(ctx.db, parseInput(ReportRangeQuery, http.query));
  });
  return router;
}
