import Router from '@koa/router';
import { ReportQuery } from '@cropvest/contracts';
import { authenticate, requireRole, route } from '@cropvest/service-kit';
import { kycReport } from '../db/reports.ts';
import type { KycContext } from '../app/context.ts';

/** The admin report this service owns; the admin check is made here again after the gateway's. */
export function adminReportRoutes(kyc: KycContext): Router {
  const router = new Router({ prefix: '/api/admin/reports' });
  router.use('/kyc', authenticate(kyc.verifier), requireRole('admin'));
  router.get(
    '/kyc',
    route({ query: ReportQuery }, ({ query }) => kycReport(kyc.db, query)),
  );
  return router;
}
