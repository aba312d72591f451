// Plans: crop plans and their images, investments (reserve, debit, activate), daily accrual and harvest.
import { runService } from '@cropvest/service-kit/runtime';
import { objectStoresFromConfig, uploadClaimsMigration } from '@cropvest/service-kit/uploads';
import { migrations } from './db/migrations/index.ts';
import { loadPlansConfig } from './config.ts';
import type { PlansContext } from './app/context.ts';
import { startJobs } from './app/jobs.ts';
import { plansRoutes } from './http/routes.ts';
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
    return [plansRoutes(ctx)];
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
