import { handlers } from '@cropvest/service-kit/operations';
import type { PlansContext } from '../app/context.ts';
import { harvestCalendar, investmentReport } from '../db/reports.ts';

/** The admin reports this service owns. */
export const reportRoutes = (plans: PlansContext) =>
  handlers('plans', {
    investmentsReport: ({ query }) => investmentReport(plans.db, query),
    harvestCalendar: ({ query }) => harvestCalendar(plans.db, query),
  });
