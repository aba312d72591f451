// Plans: crop plans and their images, investments (reserve, debit, activate), daily accrual and harvest.
import { runService } from '@cropvest/service-kit';
import { objectStoresFromConfig, uploadClaimsMigration } from '@cropvest/service-kit/uploads';
import { migrations } from './db/migrations/index.ts';
import { loadPlansConfig } from './config.ts';
import type { PlansContext } from './app/context.ts';
import { startJobs } from './app/jobs.ts';
import { adminPlanRoutes, publicRoutes, uploadRoutes } from './http/plan-routes.ts';
import { adminInvestmentRoutes, investmentRoutes } from './http/investment-routes.ts';
import { adminReportRoutes } from './http/report-routes.ts';
import { adminFundingRoutes, publicFundingRoutes } from './http/funding-routes.ts';
import { keyInformationRoutes } from './http/key-information-routes.ts';
import { suitabilityRoutes } from './http/suitability-routes.ts';
import { adminFieldReportRoutes, publicFieldReportRoutes } from './http/field-report-routes.ts';
import { subscriptions } from './events/subscriptions.ts';
import { serveCommands } from './events/commands.ts';

const config = loadPlansConfig();
const { store, linkStore } = objectStoresFromConfig(config);

await runService({
  name: 'plans',
  schema: 'plans',
  config,
  migrations: [...migrations, uploadClaimsMigration],
  rawBodyPaths: /^\/api\/uploads\//,
  routers: (deps) => {
    const ctx: PlansContext = { ...deps, store, linkStore };
    return [
      publicRoutes(ctx),
      uploadRoutes(ctx),
      adminPlanRoutes(ctx),
      publicFundingRoutes(ctx),
      adminFundingRoutes(ctx),
      investmentRoutes(ctx),
      suitabilityRoutes(ctx),
      adminInvestmentRoutes(ctx),
      adminReportRoutes(ctx),
      keyInformationRoutes(ctx),
      publicFieldReportRoutes(ctx),
      adminFieldReportRoutes(ctx),
    ];
  },
  subscriptions,
  background: async (deps) => {
    const ctx: PlansContext = { ...deps, store, linkStore };
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
