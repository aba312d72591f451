// Plans: crop plans and their images, investments (reserve, debit, activate), daily accrual and harvest.
import { runService } from '@cropvest/service-kit';
import { objectStoresFromConfig, uploadClaimsMigration } from '@cropvest/service-kit/uploads';
import { loadPlansConfig } from './config.ts';
import { migrations } from './db/migrations/001_plans.ts';
import type { PlansContext } from './app/context.ts';
import { startJobs } from './app/jobs.ts';
import { adminPlanRoutes, publicRoutes, uploadRoutes } from './http/plan-routes.ts';
import { adminInvestmentRoutes, investmentRoutes } from './http/investment-routes.ts';
import { adminReportRoutes } from './http/report-routes.ts';
import { subscriptions } from './events/subscriptions.ts';
import { serveCommands } from './events/commands.ts';

const config = loadPlansConfig();
const { store } = objectStoresFromConfig(config);

await runService({
  name: 'plans',
  schema: 'plans',
  config,
  migrations: [...migrations, uploadClaimsMigration],
  rawBodyPaths: /^\/api\/uploads\//,
  routers: (deps) => {
    const ctx: PlansContext = { ...deps, store };
    return [
      publicRoutes(ctx),
      uploadRoutes(ctx),
      adminPlanRoutes(ctx),
      investmentRoutes(ctx),
      adminInvestmentRoutes(ctx),
      adminReportRoutes(ctx),
    ];
  },
  subscriptions,
  background: async (deps) => {
    const ctx: PlansContext = { ...deps, store };
    const commands = serveCommands(ctx);
    const jobs = startJobs(ctx);
    return {
      stop: async () => {
        await jobs.stop();
        await commands.stop();
      },
    };
  },
});
