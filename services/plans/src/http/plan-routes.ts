import { optionalUser } from '@cropvest/service-kit/auth';
import { handlers } from '@cropvest/service-kit/operations';
import * as catalog from '../app/plans.ts';
import { planAnalyticsPage } from '../db/plan-analytics.ts';
import type { PlansContext } from '../app/context.ts';

/**
 * Plans. The list is public (the landing page); a token, when sent, must be valid and makes an admin see every
 * plan. So is one plan, for its page (its investors read it once it no longer takes investments). Admins keep the
 * catalogue. Paths, roles and payloads come from the operations (packages/contracts/src/plans/api.ts).
 */
export const planRoutes = (plans: PlansContext) =>
  handlers('plans', {
    plans: async ({ query, ctx }) =>
      catalog.listPlans(plans, await optionalUser(plans.verifier, ctx), query.active === 'true'),
    plan: async ({ id, ctx }) => catalog.readPlan(plans, await optionalUser(plans.verifier, ctx), id),
    adminPlans: ({ query }) => catalog.adminPlanPage(plans, query),
    planAnalytics: ({ query }) => planAnalyticsPage(plans.db, query),
    planDefaults: () => catalog.planDefaults(plans),
    createPlan: ({ actor, body, meta }) => catalog.createPlan(plans, actor, body, meta),
    updatePlan: ({ actor, id, body, meta }) => catalog.editPlan(plans, actor, id, body, meta),
    deletePlan: ({ actor, id, meta }) => catalog.deletePlan(plans, actor, id, meta),
    planDeletionCheck: ({ id }) => catalog.canDeletePlan(plans, id),
  });
