// Request/reply answers the plans service gives: the figures of the admin dashboard and the landing page,
// plan-image upload tickets for the wallet's POST /api/objects/upload, and the interest owed for the chain
// service's reconciliation and proof of liabilities.
import {
  LiabilitiesQuery,
  OwedPageQuery,
  PLAN_IMAGE_TICKET_SUBJECT,
  PLANS_ACCRUED_PAGE_SUBJECT,
  PLANS_LIABILITIES_SUBJECT,
  PLANS_STATS_SUBJECT,
  UploadTicketCommand,
  StatsQuery,
} from '@cropvest/contracts';
import { serveCommand } from '@cropvest/service-kit/bus';
import { issueImageTicket } from '../app/images.ts';
import { plansStats } from '../db/investments.ts';
import { accruedPage, plansLiabilities } from '../db/liabilities.ts';
import type { PlansContext } from '../app/context.ts';

export function serveCommands(ctx: PlansContext) {
  const subscriptions = [
    serveCommand(ctx.bus.nc, ctx.logger, {
      subject: PLANS_STATS_SUBJECT,
      schema: StatsQuery,
      handle: () => plansStats(ctx.db),
    }),
    serveCommand(ctx.bus.nc, ctx.logger, {
      subject: PLAN_IMAGE_TICKET_SUBJECT,
      schema: UploadTicketCommand,
      handle: (input) => issueImageTicket(ctx, input),
    }),
    serveCommand(ctx.bus.nc, ctx.logger, {
      subject: PLANS_LIABILITIES_SUBJECT,
      schema: LiabilitiesQuery,
      handle: () => plansLiabilities(ctx.db),
    }),
    serveCommand(ctx.bus.nc, ctx.logger, {
      subject: PLANS_ACCRUED_PAGE_SUBJECT,
      schema: OwedPageQuery,
      handle: (input) => accruedPage(ctx.db, input),
    }),
  ];
  return { stop: async () => subscriptions.forEach((s) => s.unsubscribe()) };
}
