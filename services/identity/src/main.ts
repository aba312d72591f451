// Identity: users, sessions, admin user management, system settings, audit log.
import { createLocalJWKSet } from 'jose';
import { createTokenVerifier, runService } from '@cropvest/service-kit';
import { loadIdentityConfig } from './config.ts';
import { migrations } from './db/migrations/index.ts';
import { loadSigningKey } from './db/keys.ts';
import { seedAccounts } from './app/seed.ts';
import { issueMissingFreezeLinks } from './app/freeze-links.ts';
import { revocationSnapshot } from './app/revocation.ts';
import type { IdentityContext, SessionIssuer } from './app/context.ts';
import { authRoutes } from './http/auth-routes.ts';
import { adminRoutes } from './http/admin-routes.ts';
import { adminReportRoutes } from './http/report-routes.ts';
import { publicRoutes } from './http/public-routes.ts';
import { subscriptions } from './events/subscriptions.ts';
import { serveCommands } from './events/commands.ts';

const config = loadIdentityConfig();
let issuer: SessionIssuer;

await runService({
  name: 'identity',
  schema: 'identity',
  config,
  migrations,
  prepare: async ({ db, logger }) => {
    issuer = {
      key: await loadSigningKey(db, config.JWT_PRIVATE_KEY),
      accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    };
    await seedAccounts(db, logger, config);
    const freezeLinks = await issueMissingFreezeLinks(db);
    if (freezeLinks > 0) logger.info({ freezeLinks }, 'issued the freeze links accounts lacked');
  },
  verifier: ({ revocations }) =>
    createTokenVerifier(createLocalJWKSet({ keys: [issuer.key.publicJwk] }), revocations),
  // Identity reads the ended sessions from its own tables (and follows the event like every replica).
  loadRevocations: (deps) => () => revocationSnapshot(deps),
  routers: (deps) => {
    const identity: IdentityContext = { ...deps, issuer };
    return [publicRoutes(identity), authRoutes(identity), adminRoutes(identity), adminReportRoutes(identity)];
  },
  subscriptions,
  background: async (deps) => serveCommands({ ...deps, issuer }),
});
