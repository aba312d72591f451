// Boots a service from its parts, in the same order every time, and shuts it down in reverse:
// stop accepting HTTP, stop consumers and command handlers, flush the outbox, drain NATS, close the pool.
import type { Server } from 'node:http';
import type Router from '@koa/router';
import type Koa from 'koa';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { busCredentials, ConfigError, type BaseServiceConfig } from './config.ts';
import { createDatabase, type Migration } from './db.ts';
import { migrate } from './migrate.ts';
import { createHttpApp } from './http.ts';
import { createLogger } from './logger.ts';
import { startTracing } from './tracing.ts';
import { createMetrics, listeningPort, serveMetrics, type Metrics } from './metrics.ts';
import { connectBus, type Bus } from './bus/connection.ts';
import { busMigrations, OutboxRelay } from './bus/outbox.ts';
import { serviceEvents, type ServiceEvents } from './bus/emitter.ts';
import { ConsumerRunner, type Subscription } from './bus/consumer.ts';
import { createTokenVerifier, type TokenVerifier } from './auth.ts';
import { loadRevocationsFromIdentity, SessionRevocations } from './revocations.ts';
import type { SessionRevocationSnapshot } from '@cropvest/contracts';

export interface ServiceDeps<C extends BaseServiceConfig = BaseServiceConfig> {
  name: string;
  config: C;
  logger: Logger;
  metrics: Metrics;
  db: Knex;
  bus: Bus;
  verifier: TokenVerifier;
  /** Sessions that ended and session versions made void; the verifier refuses their tokens. */
  revocations: SessionRevocations;
  /** Writes this service's events (its name as their source) and wakes the outbox relay after commit. */
  events: ServiceEvents;
}

export interface ServiceDefinition<C extends BaseServiceConfig> {
  name: string;
  /** Postgres schema the service owns. */
  schema: string;
  config: C;
  migrations: Migration[];
  routers: (deps: ServiceDeps<C>) => Router[];
  subscriptions?: (deps: ServiceDeps<C>) => Subscription[];
  /** Request/reply handlers, background jobs: started after HTTP is up, stopped before the bus drains. */
  background?: (deps: ServiceDeps<C>) => Promise<{ stop: () => Promise<void> }>;
  /** Runs once after migrations, before anything is served or verified (seed data, key material). */
  prepare?: (deps: Omit<ServiceDeps<C>, 'verifier' | 'revocations'>) => Promise<void>;
  /** Paths whose request bodies a route streams itself (uploads); see HttpAppOptions.rawBodyPaths. */
  rawBodyPaths?: RegExp;
  /** Overrides the JWKS source (identity verifies with its own keys). */
  verifier?: (deps: Omit<ServiceDeps<C>, 'verifier'>) => TokenVerifier;
  /** Overrides where the session revocations are loaded from (identity reads its own tables). */
  loadRevocations?: (
    deps: Omit<ServiceDeps<C>, 'verifier' | 'revocations'>,
  ) => () => Promise<SessionRevocationSnapshot>;
}

export interface RunningService<C extends BaseServiceConfig> {
  deps: ServiceDeps<C>;
  app: Koa;
  server: Server;
  port: number;
  /** Where GET /metrics answers (METRICS_HOST, METRICS_PORT). */
  metricsPort: number;
  shutdown: () => Promise<void>;
}

export async function startService<C extends BaseServiceConfig>(
  definition: ServiceDefinition<C>,
): Promise<RunningService<C>> {
  const { config, name } = definition;
  const credentials = busCredentials(config, name);
  const tracing = startTracing(name);
  const logger = createLogger(name, config.LOG_LEVEL);
  const metrics = createMetrics(name);
  const db = createDatabase({
    url: config.DATABASE_URL,
    schema: definition.schema,
    migrations: definition.migrations,
    poolMax: config.DATABASE_POOL_MAX,
    applicationName: name,
  });
  // Created before the relay so data migrations announce as the service; their rows leave when it starts.
  let wakeRelay = (): void => undefined;
  const events = serviceEvents(name, () => wakeRelay());
  await migrate(db, definition.schema, [...busMigrations, ...definition.migrations], events);
  const bus = await connectBus({
    url: config.NATS_URL,
    name,
    ...credentials,
    eventStream: { replicas: config.NATS_STREAM_REPLICAS },
    logger,
  });
  const relay = new OutboxRelay({ db, bus, logger, metrics });
  wakeRelay = () => relay.kick();
  const base = { name, config, logger, metrics, db, bus, events };
  await definition.prepare?.(base);
  if (!definition.verifier && !config.JWKS_URL)
    throw new ConfigError("JWKS_URL is required: the URL of the identity service's /.well-known/jwks.json");
  const revocations = new SessionRevocations({
    logger,
    nc: bus.nc,
    load: definition.loadRevocations?.(base) ?? loadRevocationsFromIdentity(bus.nc),
  });
  await revocations.start();
  const partial = { ...base, revocations };
  const verifier = definition.verifier
    ? definition.verifier(partial)
    : createTokenVerifier(config.JWKS_URL as string, revocations);
  const deps: ServiceDeps<C> = { ...partial, verifier };

  relay.start();

  const app = createHttpApp({
    logger,
    metrics,
    bodyLimit: config.BODY_LIMIT,
    trustedProxyHops: config.TRUSTED_PROXY_HOPS,
    rawBodyPaths: definition.rawBodyPaths,
    readiness: [
      { name: 'database', check: async () => void (await db.raw('select 1')) },
      { name: 'nats', check: async () => void (await bus.nc.flush()) },
      {
        name: 'session-revocations',
        check: async () => {
          if (!revocations.isLoaded) await revocations.reload();
          if (!revocations.isLoaded) throw new Error('session revocations not loaded from identity yet');
        },
      },
    ],
  });
  for (const router of definition.routers(deps)) app.use(router.routes()).use(router.allowedMethods());

  const consumers = new ConsumerRunner({ db, bus, logger, metrics, afterCommit: () => relay.kick() });
  await consumers.start(definition.subscriptions?.(deps) ?? []);
  const background = await definition.background?.(deps);

  const server = app.listen(config.PORT, config.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  server.keepAliveTimeout = 65_000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const metricsServer = await serveMetrics(metrics, { host: config.METRICS_HOST, port: config.METRICS_PORT });
  const metricsPort = listeningPort(metricsServer);
  logger.info({ port, metricsPort }, `${name} listening`);

  let shuttingDown: Promise<void> | undefined;
  const shutdown = () =>
    (shuttingDown ??= (async () => {
      logger.info('shutting down');
      await closeHttpServer(server);
      await closeHttpServer(metricsServer);
      await consumers.stop();
      await background?.stop();
      revocations.stop();
      await relay.stop();
      await bus.nc.drain();
      await db.destroy();
      await tracing?.shutdown();
      logger.info('stopped');
    })());

  return { deps, app, server, port, metricsPort, shutdown };
}

/**
 * Stops taking connections and waits for requests in flight. Kept-alive sockets would hold close() open
 * forever, so idle ones are closed now and each busy one as soon as its response is sent.
 */
export function closeHttpServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.on('request', (_req, res) => res.setHeader('Connection', 'close'));
    server.close(() => resolve());
    server.closeIdleConnections();
    const sweeper = setInterval(() => server.closeIdleConnections(), 50);
    server.once('close', () => clearInterval(sweeper));
  });
}

/** For main.ts: start, then shut down cleanly on SIGTERM or SIGINT, exiting non-zero on a failed boot. */
export async function runService<C extends BaseServiceConfig>(
  definition: ServiceDefinition<C>,
): Promise<void> {
  let running: RunningService<C>;
  try {
    running = await startService(definition);
  } catch (error) {
    console.error(`${definition.name} failed to start:`, error);
    process.exit(1);
  }
  const stop = (signal: string) => {
    const timer = setTimeout(() => {
      console.error(
        `${definition.name}: shutdown took longer than ${definition.config.SHUTDOWN_TIMEOUT_MS} ms, exiting`,
      );
      process.exit(1);
    }, definition.config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    running.deps.logger.info({ signal }, 'signal received');
    running.shutdown().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`${definition.name}: shutdown failed`, error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  process.on('unhandledRejection', (reason) =>
    running.deps.logger.error({ err: reason }, 'unhandled rejection'),
  );
}
