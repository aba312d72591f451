// KYC: identity submissions with their documents, and the admin review.
import { runService } from '@cropvest/service-kit/runtime';
import { objectStoresFromConfig, uploadClaimsMigration } from '@cropvest/service-kit/uploads';
import { migrations } from './db/migrations/index.ts';
import { loadKycConfig } from './config.ts';
import type { KycContext } from './app/context.ts';
import { kycRoutes } from './http/routes.ts';
import { subscriptions } from './events/subscriptions.ts';
import { serveCommands } from './events/commands.ts';

const config = loadKycConfig();
const { store, linkStore } = objectStoresFromConfig(config);

await runService({
  name: 'kyc',
  schema: 'kyc',
  config,
  migrations: [...migrations, uploadClaimsMigration],
  rawBodyPaths: /^\/api\/uploads\//,
  routers: (deps) => {
    const service: KycContext = { ...deps, store, linkStore };
    return [kycRoutes(service)];
  },
  subscriptions,
  background: async (deps) => serveCommands({ ...deps, store, linkStore }),
});
