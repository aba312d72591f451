// Identity: users, sessions, admin user management, system settings, audit log.
import { createLocalJWKSet } from 'jose';
import { createTokenVerifier } from '@cropvest/service-kit/auth';
import { runService } from '@cropvest/service-kit/runtime';
import { loadIdentityConfig } from './config.ts';
import { migrations } from './db/migrations/index.ts';
import { loadSigningKey } from './db/keys.ts';
import { seedAccounts } from './app/seed.ts';
import { issueMissingFreezeLinks } from './app/freeze-links.ts';
import { revocationSnapshot } from './app/revocation.ts';
import type { IdentityContext, SessionIssuer } from './app/context.ts';
import { identityRoutes, signingKeyRoutes } from './http/routes.ts';
import { subscriptions } from './events/subscriptions.ts';
import { serveCommands } from './events/commands.ts';

const config = loadIdentityConfig();
let issuer: SessionIssuer;

await runService({
  name: 'identity',
  schema: 'identity',
  config,
  migrations,
  prepare: async ({ db, logger, events }) => {
    issuer = {
      key: await loadSigningKey(db, config.JWT_PRIVATE_KEY),
      accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    };
    await seedAccounts(events, db, logger, config);
    const freezeLinks = await issueMissingFreezeLinks(events, db);
    if (freezeLinks > 0) logger.info({ freezeLinks }, 'issued the freeze links accounts lacked');
  },
  verifier: ({ revocations }) =>
    createTokenVerifier(createLocalJWKSet({ keys: [issuer.key.publicJwk] }), revocations),
  // Identity reads the ended sessions from its own tables (and follows the event like every replica).
  loadRevocations: (deps) => () => revocationSnapshot(deps),
  routers: (deps) => {
    const identity: IdentityContext = { ...deps, issuer };
    return [identityRoutes(identity), signingKeyRoutes(identity)];
  },
  subscriptions,
  background: async (deps) => serveCommands({ ...deps, issuer }),
});
