// The public edge (ARCHITECTURE.md section 7): security headers, OpenAPI docs, and every /api call
// checked and streamed to the service that owns it.
import {
  createTokenVerifier,
  loadRevocationsFromIdentity,
  SessionRevocations,
} from '@cropvest/service-kit/auth';
import { connectBus } from '@cropvest/service-kit/bus';
import { createDatabase, migrate } from '@cropvest/service-kit/db';
import { ForbiddenError } from '@cropvest/service-kit/errors';
import { createHttpApp } from '@cropvest/service-kit/http';
import {
  busCredentials,
  closeHttpServer,
  createLogger,
  createMetrics,
  listeningPort,
  serveMetrics,
  startTracing,
} from '@cropvest/service-kit/runtime';
import { loadGatewayConfig } from './config.ts';
import { AccessState, BANNED_MESSAGE } from './access-state.ts';
import { authAttemptLimit, GATEWAY_SCHEMA, gatewayMigrations } from './auth-rate-limit.ts';
import { docsRoutes } from './docs.ts';
import { edge } from './edge.ts';
import { createProxy } from './proxy.ts';
import { computeSecurityHeaders, noStoreForCredentials, objectStoreOrigins } from './security-headers.ts';
import { routeLabeller } from './route-templates.ts';
import { upstreams } from './routes.ts';
import { composedAnswers } from './compose.ts';
import { staticFiles } from './static.ts';
import path from 'node:path';

const config = loadGatewayConfig();
const tracing = startTracing('gateway');
const logger = createLogger('gateway', config.LOG_LEVEL);
const metrics = createMetrics('gateway');

// Its own schema holds only the sign-in rate limits; PostgreSQL is not one of its readiness checks, so an outage
// refuses sign-ins (503) while everything else still reaches the services.
const db = createDatabase({
  url: config.DATABASE_URL,
  schema: GATEWAY_SCHEMA,
  migrations: gatewayMigrations,
  poolMax: config.DATABASE_POOL_MAX,
  applicationName: 'gateway',
});
await migrate(db, GATEWAY_SCHEMA, gatewayMigrations);

// Plain request/reply and subscriptions: the gateway has no JetStream permissions, so it leaves the stream alone
// (no `eventStream`).
const bus = await connectBus({ url: config.NATS_URL, name: 'gateway', ...busCredentials(config, 'gateway') });
const access = new AccessState(bus.nc, logger, config.ACCESS_STATE_REFRESH_MS);
await access.start();
// Ended sessions and voided session versions (docs/decisions/0052-access-revocation.md): every token is checked
// against them on every call, whether its signature was verified now or remembered.
const revocations = new SessionRevocations({
  logger,
  nc: bus.nc,
  load: loadRevocationsFromIdentity(bus.nc),
  refreshMs: config.ACCESS_STATE_REFRESH_MS,
});
await revocations.start();
// A ban also ends every session; the ban is named first, so a banned user learns why (403 ACCOUNT_BANNED).
const verifier = createTokenVerifier(
  config.JWKS_URL ?? new URL('/.well-known/jwks.json', config.IDENTITY_URL).toString(),
  {
    check: (user) => {
      if (access.isBanned(user.id)) throw new ForbiddenError(BANNED_MESSAGE, 'ACCOUNT_BANNED');
      revocations.check(user);
    },
  },
);

// Proofs and KYC documents open inline from the object store's signed links.
const headers = computeSecurityHeaders(objectStoreOrigins(config));
const app = createHttpApp({
  logger,
  metrics,
  headers,
  routeLabel: routeLabeller(),
  rawBodies: true,
  trustedProxyHops: config.TRUSTED_PROXY_HOPS,
  readiness: [
    { name: 'nats', check: async () => void (await bus.nc.flush()) },
    {
      name: 'access-state',
      check: async () => {
        if (!access.isLoaded) await access.reload();
        if (!access.isLoaded) throw new Error('ban list and maintenance flag not loaded yet');
      },
    },
    {
      name: 'session-revocations',
      check: async () => {
        if (!revocations.isLoaded) await revocations.reload();
        if (!revocations.isLoaded) throw new Error('session revocations not loaded yet');
      },
    },
  ],
});
app.use(noStoreForCredentials());
const docs = docsRoutes();
app.use(docs.routes());
// The built front ends; every /api call goes to edge, which proxies it or answers the composed figures.
app.use(staticFiles({ root: process.env.WEB_ROOT ?? path.resolve(import.meta.dirname, '../../frontends') }));
app.use(
  edge({
    config,
    verifier,
    access,
    authAttemptLimit: authAttemptLimit({ db, perMinute: config.AUTH_RATE_LIMIT_PER_MINUTE, logger }),
    upstreams: upstreams(config),
    proxy: createProxy(config.UPSTREAM_TIMEOUT_MS),
    ownAnswers: composedAnswers({ nc: bus.nc, logger }),
  }),
);

const server = app.listen(config.PORT, config.HOST, () =>
  logger.info({ port: config.PORT }, 'gateway listening'),
);
server.keepAliveTimeout = 65_000;
// Prometheus reads the gateway on its own internal listener; the public port has no /metrics.
const metricsServer = await serveMetrics(metrics, {
  host: config.METRICS_HOST,
  port: config.METRICS_PORT,
  headers,
});
logger.info({ metricsPort: listeningPort(metricsServer) }, 'gateway metrics listening');

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  setTimeout(() => process.exit(1), config.SHUTDOWN_TIMEOUT_MS).unref();
  await closeHttpServer(server);
  await closeHttpServer(metricsServer);
  access.stop();
  revocations.stop();
  await bus.nc.drain();
  await db.destroy();
  await tracing?.shutdown();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
