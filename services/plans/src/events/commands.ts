// Request/reply answers the plans service gives: the figures of the admin dashboard and the landing page.
import { PLANS_STATS_SUBJECT, z } from '@cropvest/contracts';
import { serveCommand } from '@cropvest/service-kit';
import { plansStats } from '../db/investments.ts';
import type { PlansContext } from '../app/context.ts';

export function serveCommands(ctx: PlansContext) {
  const subscriptions = [
    serveCommand(ctx.bus.nc, ctx.logger, {
      subject: PLANS_STATS_SUBJECT,
      schema: z.object({}).passthrough(),
      handle: () => plansStats(ctx.db),
    }),
  ];
  return { stop: async () => subscriptions.forEach((s) => s.unsubscribe()) };
}
