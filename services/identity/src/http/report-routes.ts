import Router from '@koa/router';
import { ReportQuery } from '@cropvest/contracts';
import { authenticate, parseInput, requireRole } from '@cropvest/service-kit';
import { userReport } from '../db/reports.ts';
import type { IdentityContext } from '../app/context.ts';

/** The admin report this service owns; the admin check is made here again after the gateway's. */
export function adminReportRoutes(identity: IdentityContext): Router {
  const router = new Router({ prefix: '/api/admin/reports' });
  router.use('/users', authenticate(identity.verifier), requireRole('admin'));
  router.get('/users', async (ctx) => {
    ctx.body = await userReport(identity.db, parseInput(ReportQuery, ctx.query));
  });
  return router;
}
