import { optionalUser } from '@cropvest/service-kit/auth';
import { handlers } from '@cropvest/service-kit/operations';
import * as reports from '../app/field-reports.ts';
import type { PlansContext } from '../app/context.ts';

/**
 * A plan's timeline is public like the plan (a token, when sent, must be valid: it lets an admin or the plan's
 * investors read a plan that is no longer active); publishing and verifying need an admin.
 */
export const fieldReportRoutes = (plans: PlansContext) =>
  handlers('plans', {
    fieldReports: async ({ id, query, ctx }) =>
      reports.fieldReportTimeline(plans, await optionalUser(plans.verifier, ctx), id, query),
    publishFieldReport: ({ actor, id, body, meta }) =>
      reports.publishFieldReport(plans, actor, id, body, meta),
    fieldReportVerification: ({ id }) => reports.verifyFieldReport(plans, id),
  });
