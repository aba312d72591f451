import Router from '@koa/router';
import { FieldReportInput, FieldReportQuery } from '@cropvest/contracts';
import { authenticate, optionalUser, pageRoute, requireRole, route } from '@cropvest/service-kit';
import * as reports from '../app/field-reports.ts';
import type { PlansContext } from '../app/context.ts';

/**
 * A plan's timeline is public like the plan (a token, when sent, must be valid: it lets an admin or the plan's
 * investors read a plan that is no longer active); publishing and verifying need an admin.
 */
export function publicFieldReportRoutes(plans: PlansContext): Router {
  const router = new Router({ prefix: '/api' });
  router.get(
    '/plans/:id/field-reports',
    pageRoute({ query: FieldReportQuery }, async ({ id, query, ctx }) =>
      reports.fieldReportTimeline(plans, await optionalUser(plans.verifier, ctx), id, query),
    ),
  );

  return router;
}

export function adminFieldReportRoutes(plans: PlansContext): Router {
  const admin = new Router({ prefix: '/api/admin' });
  admin.use(authenticate(plans.verifier), requireRole('admin'));
  admin.post(
    '/plans/:id/field-reports',
    route({ body: FieldReportInput, status: 201 }, ({ actor, id, body, meta }) =>
      reports.publishFieldReport(plans, actor, id, body, meta),
    ),
  );
  admin.get(
    '/field-reports/:id/verification',
    route({}, ({ id }) => reports.verifyFieldReport(plans, id)),
  );
  return admin;
}
