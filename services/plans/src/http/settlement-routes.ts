import { handlers } from '@cropvest/service-kit/operations';
import * as settlement from '../app/settlement.ts';
import { pageSettlements, toSettlement } from '../db/funding.ts';
import type { PlansContext } from '../app/context.ts';
import { recordsPage } from './rows-page.ts';

/** A plan's settlements (docs/decisions/0091): one admin proposes, a second approves or rejects. */
export const settlementRoutes = (plans: PlansContext) =>
  handlers('plans', {
    planSettlements: ({ id, query }) => recordsPage(pageSettlements(plans.db, id, query), toSettlement),
    requestSettlement: ({ actor, id, body, meta }) =>
      settlement.proposeSettlement(plans, actor, id, body, meta),
    approveSettlement: ({ actor, id, meta }) => settlement.decideSettlement(plans, actor, id, true, meta),
    rejectSettlement: ({ actor, id, meta }) => settlement.decideSettlement(plans, actor, id, false, meta),
  });
