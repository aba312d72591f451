import { InvestmentExportQuery } from '@cropvest/contracts';
import { csvExportRoute } from '@cropvest/service-kit/db';
import { handlers } from '@cropvest/service-kit/operations';
import * as investments from '../app/investments.ts';
import { cancelInvestment } from '../app/cancellation.ts';
import { investmentsExport } from '../db/exports.ts';
import type { PlansContext } from '../app/context.ts';

/**
 * Investments: a signed-in user's own (spec section 7, Investor; a cancellation finds the investment among the
 * caller's), and the admin's list with its CSV export and one investment's page.
 */
export const investmentRoutes = (plans: PlansContext) =>
  handlers('plans', {
    myInvestments: ({ actor, query }) => investments.myInvestments(plans, actor, query),
    myInvestment: ({ actor, id }) => investments.myInvestment(plans, actor, id),
    invest: ({ actor, body, meta }) => investments.invest(plans, actor, body, meta),
    cancelInvestment: ({ actor, id, meta }) => cancelInvestment(plans, actor, id, meta),
    adminInvestments: ({ query }) => investments.adminInvestments(plans, query),
    adminInvestment: ({ id }) => investments.adminInvestment(plans, id),
    exportInvestments: { middleware: [csvExportRoute(plans, InvestmentExportQuery, investmentsExport)] },
  });
