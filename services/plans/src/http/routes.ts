import { operationRoutes } from '@cropvest/service-kit/operations';
import type { PlansContext } from '../app/context.ts';
import { fieldReportRoutes } from './field-report-routes.ts';
import { fundingRoutes } from './funding-routes.ts';
import { imageRoutes } from './image-routes.ts';
import { investmentRoutes } from './investment-routes.ts';
import { keyInformationRoutes } from './key-information-routes.ts';
import { operatorRoutes } from './operator-routes.ts';
import { planRoutes } from './plan-routes.ts';
import { reportRoutes } from './report-routes.ts';
import { reserveRoutes } from './reserve-routes.ts';
import { settlementRoutes } from './settlement-routes.ts';
import { suitabilityRoutes } from './suitability-routes.ts';

/** Every operation plans answers, one handler each (the kit refuses a missing or doubled one). */
export const plansRoutes = (plans: PlansContext) =>
  operationRoutes('plans', plans.verifier, [
    planRoutes(plans),
    imageRoutes(plans),
    investmentRoutes(plans),
    suitabilityRoutes(plans),
    fundingRoutes(plans),
    settlementRoutes(plans),
    reserveRoutes(plans),
    operatorRoutes(plans),
    keyInformationRoutes(plans),
    fieldReportRoutes(plans),
    reportRoutes(plans),
  ]);
