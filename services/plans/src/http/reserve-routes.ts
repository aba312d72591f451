import { handlers } from '@cropvest/service-kit/operations';
import * as funding from '../app/funding.ts';
import {
  pageAllocations,
  pageContributions,
  reserveFund,
  toAllocation,
  toContribution,
} from '../db/funding.ts';
import type { PlansContext } from '../app/context.ts';
import { recordsPage } from './rows-page.ts';

/**
 * The reserve fund (docs/decisions/0091): its balance, the contributions into it, and its allocations to plans,
 * each approved or rejected by a second admin.
 */
export const reserveRoutes = (plans: PlansContext) =>
  handlers('plans', {
    reserveFund: () => reserveFund(plans.db),
    reserveContributions: ({ query }) => recordsPage(pageContributions(plans.db, query), toContribution),
    contributeToReserve: ({ actor, body, meta }) => funding.contributeToReserve(plans, actor, body, meta),
    reserveAllocations: ({ query }) => recordsPage(pageAllocations(plans.db, query), toAllocation),
    approveReserveAllocation: ({ actor, id, meta }) => funding.decideAllocation(plans, actor, id, true, meta),
    rejectReserveAllocation: ({ actor, id, meta }) => funding.decideAllocation(plans, actor, id, false, meta),
  });
