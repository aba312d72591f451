// Funded payouts' routes (docs/decisions/0091): a plan's money in public, the admin desk's records and settlements.
import Router from '@koa/router';
import {
  DisbursementRequest,
  ListQuery,
  PlanFundingQuery,
  ProceedsRequest,
  ReserveAllocationRequest,
  ReserveContributionRequest,
  SettlementRequest,
} from '@cropvest/contracts';
import {
  authenticate,
  NotFoundError,
  optionalUser,
  pageRoute,
  requireRole,
  route,
} from '@cropvest/service-kit';
import * as funding from '../app/funding.ts';
import * as settlement from '../app/settlement.ts';
import {
  pageAllocations,
  pageContributions,
  pageDisbursements,
  pagePlanFunding,
  pageProceeds,
  pageSettlements,
  planFunding,
  reserveFund,
  toAllocation,
  toContribution,
  toDisbursement,
  toProceeds,
  toSettlement,
} from '../db/funding.ts';
import type { PlansContext } from '../app/context.ts';

/** `GET /api/plans/:id/funding`: public like the plan itself; its disbursements for whoever may read the plan. */
export function publicFundingRoutes(plans: PlansContext): Router {
  const router = new Router({ prefix: '/api/plans' });
  router.get(
    '/:id/funding',
    route({}, async ({ id }) => {
      const figures = await planFunding(plans.db, id);
      if (!figures) throw new NotFoundError('Plan not found', 'PLAN_NOT_FOUND');
      return figures;
    }),
  );
  router.get(
    '/:id/disbursements',
    pageRoute({ query: ListQuery }, async ({ id, query, ctx }) =>
      funding.planDisbursements(plans, await optionalUser(plans.verifier, ctx), id, query),
    ),
  );
  return router;
}

/** Every route here needs an admin token, checked again here even though the gateway checked it first. */
export function adminFundingRoutes(plans: PlansContext): Router {
  const router = new Router({ prefix: '/api/admin' });
  router.use(authenticate(plans.verifier), requireRole('admin'));

  router.get(
    '/plan-funding',
    pageRoute({ query: PlanFundingQuery }, ({ query }) => pagePlanFunding(plans.db, query)),
  );
  router.get(
    '/plans/:id/disbursements',
    pageRoute({ query: ListQuery }, async ({ id, query }) => {
      const page = await pageDisbursements(plans.db, id, query);
      return { items: page.items.map(toDisbursement), total: page.total };
    }),
  );
  router.post(
    '/plans/:id/disbursements',
    route({ body: DisbursementRequest, status: 201 }, ({ actor, id, body, meta }) =>
      funding.disburse(plans, actor, id, body, meta),
    ),
  );
  router.get(
    '/plans/:id/proceeds',
    pageRoute({ query: ListQuery }, async ({ id, query }) => {
      const page = await pageProceeds(plans.db, id, query);
      return { items: page.items.map(toProceeds), total: page.total };
    }),
  );
  router.post(
    '/plans/:id/proceeds',
    route({ body: ProceedsRequest, status: 201 }, ({ actor, id, body, meta }) =>
      funding.recordProceeds(plans, actor, id, body, meta),
    ),
  );
  router.post(
    '/plans/:id/reserve-allocations',
    route({ body: ReserveAllocationRequest, status: 201 }, ({ actor, id, body, meta }) =>
      funding.allocateReserve(plans, actor, id, body, meta),
    ),
  );
  router.get(
    '/plans/:id/settlements',
    pageRoute({ query: ListQuery }, async ({ id, query }) => {
      const page = await pageSettlements(plans.db, id, query);
      return { items: page.items.map(toSettlement), total: page.total };
    }),
  );
  router.post(
    '/plans/:id/settlements',
    route({ body: SettlementRequest, status: 201 }, ({ actor, id, body, meta }) =>
      settlement.proposeSettlement(plans, actor, id, body, meta),
    ),
  );
  for (const [verb, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    router.post(
      `/plan-settlements/:id/${verb}`,
      route({}, ({ actor, id, meta }) => settlement.decideSettlement(plans, actor, id, approve, meta)),
    );
    router.post(
      `/reserve/allocations/:id/${verb}`,
      route({}, ({ actor, id, meta }) => funding.decideAllocation(plans, actor, id, approve, meta)),
    );
  }
  router.get(
    '/reserve',
    route({}, () => reserveFund(plans.db)),
  );
  router.get(
    '/reserve/contributions',
    pageRoute({ query: ListQuery }, async ({ query }) => {
      const page = await pageContributions(plans.db, query);
      return { items: page.items.map(toContribution), total: page.total };
    }),
  );
  router.post(
    '/reserve/contributions',
    route({ body: ReserveContributionRequest, status: 201 }, ({ actor, body, meta }) =>
      funding.contributeToReserve(plans, actor, body, meta),
    ),
  );
  router.get(
    '/reserve/allocations',
    pageRoute({ query: ListQuery }, async ({ query }) => {
      const page = await pageAllocations(plans.db, query);
      return { items: page.items.map(toAllocation), total: page.total };
    }),
  );
  return router;
}
