// KYC: identity submissions with their documents, and the admin review.
import { runService } from '@cropvest/service-kit';
import { objectStoresFromConfig, uploadClaimsMigration, uploadRoute } from '@cropvest/service-kit/uploads';
import { loadKycConfig } from './config.ts';
import { migrations } from './db/migrations/001_kyc.ts';
import type { KycContext } from './app/context.ts';
import { kycRoutes } from './http/kyc-routes.ts';
import { KYC_BUCKET } from './app/documents.ts';
import { adminRoutes } from './http/admin-routes.ts';
import { adminReportRoutes } from './http/report-routes.ts';
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
    return [
      kycRoutes(service),
      uploadRoute({ db: deps.db, store, secret: config.UPLOAD_TOKEN_SECRET, bucket: KYC_BUCKET }),
      adminRoutes(service),
      adminReportRoutes(service),
    ];
  },
  subscriptions,
  background: async (deps) => serveCommands({ ...deps, store, linkStore }),
});
