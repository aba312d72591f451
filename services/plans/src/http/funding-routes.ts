// Funded payouts' routes (docs/decisions/0091): a plan's money in public, the admin desk's records of it.
import { optionalUser } from '@cropvest/service-kit/auth';
import { NotFoundError } from '@cropvest/service-kit/errors';
import { handlers } from '@cropvest/service-kit/operations';
import * as funding from '../app/funding.ts';
import {
  pageDisbursements,
  pagePlanFunding,
  pageProceeds,
  planFunding,
  toDisbursement,
  toProceeds,
} from '../db/funding.ts';
import type { PlansContext } from '../app/context.ts';
import { recordsPage } from './rows-page.ts';

/**
 * A plan's funding: its figures public like the plan itself, its disbursements for whoever may read the plan;
 * the admin's disbursements, harvest proceeds and requests for the reserve to cover a shortfall.
 */
export const fundingRoutes = (plans: PlansContext) =>
  handlers('plans', {
    planFunding: async ({ id }) => {
      const figures = await planFunding(plans.db, id);
      if (!figures) throw new NotFoundError('Plan not found', 'PLAN_NOT_FOUND');
      return figures;
    },
    planDisbursements: async ({ id, query, ctx }) =>
      funding.planDisbursements(plans, await optionalUser(plans.verifier, ctx), id, query),
    adminPlanFunding: ({ query }) => pagePlanFunding(plans.db, query),
    adminPlanDisbursements: ({ id, query }) =>
      recordsPage(pageDisbursements(plans.db, id, query), toDisbursement),
    recordDisbursement: ({ actor, id, body, meta }) => funding.disburse(plans, actor, id, body, meta),
    planProceeds: ({ id, query }) => recordsPage(pageProceeds(plans.db, id, query), toProceeds),
    recordProceeds: ({ actor, id, body, meta }) => funding.recordProceeds(plans, actor, id, body, meta),
    requestReserveAllocation: ({ actor, id, body, meta }) =>
      funding.allocateReserve(plans, actor, id, body, meta),
  });
