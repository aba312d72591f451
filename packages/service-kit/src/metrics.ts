import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ErrorBody } from '@cropvest/contracts';

/** One Prometheus registry per process, with the process defaults and the HTTP histogram. */
export function createMetrics(service: string) {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  // The event loop's delay is sampled every 50 ms, not prom-client's 10: at 10 the sampling timer alone took about
  // 0.36 processor-seconds a minute in each idle process (a stack runs eight), and a stall worth seeing lasts far
  // longer than 50 ms.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 50 });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const outboxPending = new Gauge({
    name: 'outbox_pending_events',
    help: 'Outbox rows not yet acknowledged by JetStream',
    registers: [registry],
  });
  const eventsPublished = new Counter({
    name: 'events_published_total',
    help: 'Events acknowledged by JetStream',
    labelNames: ['type'] as const,
    registers: [registry],
  });
  const eventsConsumed = new Counter({
    name: 'events_consumed_total',
    help: 'Events handled by consumers, by outcome',
    labelNames: ['consumer', 'outcome'] as const,
    registers: [registry],
  });
  const outboxOldestAge = new Gauge({
    name: 'outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest outbox row not yet acknowledged by JetStream (0 when none waits)',
    registers: [registry],
  });
  const eventsRedelivered = new Counter({
    name: 'events_redelivered_total',
    help: 'Events JetStream delivered again to a consumer (a handler failed, or did not answer in time)',
    labelNames: ['consumer'] as const,
    registers: [registry],
  });
  const consumerPending = new Gauge({
    name: 'consumer_pending_messages',
    help: "Events waiting in the stream for a consumer after the last one it was given: the consumer's lag",
    labelNames: ['consumer'] as const,
    registers: [registry],
  });
  // A rate to watch, not an account: the ledger is the record (Prometheus counts in floating point).
  const moneyMoved = new Counter({
    name: 'money_moved_usdt_total',
    help: 'USDT in the money events this process announced: deposits and withdrawals approved, investments made, harvests paid',
    labelNames: ['event'] as const,
    registers: [registry],
  });
  const moneyEvents = new Counter({
    name: 'money_events_total',
    help: 'Money events this process announced: deposits and withdrawals approved, investments made, harvests paid',
    labelNames: ['event'] as const,
    registers: [registry],
  });
  return {
    registry,
    httpDuration,
    outboxPending,
    outboxOldestAge,
    eventsPublished,
    eventsConsumed,
    eventsRedelivered,
    consumerPending,
    moneyMoved,
    moneyEvents,
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/** A service's own counter (its business figures), in its registry, with the labels it is counted by. */
export const serviceCounter = <L extends string = never>(
  metrics: Metrics,
  name: string,
  help: string,
  labelNames: readonly L[] = [],
) => new Counter<L>({ name, help, labelNames, registers: [metrics.registry] });

/** A service's own gauge (a queue's length), set as it learns the value, in its registry. */
export const serviceGauge = <L extends string = never>(
  metrics: Metrics,
  name: string,
  help: string,
  labelNames: readonly L[] = [],
) => new Gauge<L>({ name, help, labelNames, registers: [metrics.registry] });

/** A service's own histogram of durations in seconds, in its registry. */
export const serviceHistogram = (metrics: Metrics, name: string, help: string, buckets: number[]) =>
  new Histogram({ name, help, buckets, registers: [metrics.registry] });

/** A gauge whose value is read when Prometheus scrapes (open streams, queue lengths), from `read`. */
export function sampledGauge(metrics: Metrics, name: string, help: string, read: () => number): void {
  new Gauge({
    name,
    help,
    registers: [metrics.registry],
    collect() {
      this.set(read());
    },
  });
}

export interface MetricsServerOptions {
  host: string;
  port: number;
  /** Headers set on every answer (the gateway gives its security headers). */
  headers?: ReadonlyArray<readonly [string, string]>;
}

/**
 * Serves `GET /metrics` on its own listener (docs/decisions/0051-metrics-and-edge.md): never on the API port, so
 * no public route can reach it and Prometheus scrapes it on the internal network only.
 */
export async function serveMetrics(metrics: Metrics, options: MetricsServerOptions): Promise<Server> {
  const server = createServer((request, response) => {
    for (const [name, value] of options.headers ?? []) response.setHeader(name, value);
    response.setHeader('Cache-Control', 'no-store');
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const status = path === '/metrics' ? 405 : 404;
      const body: ErrorBody =
        status === 405
          ? { message: 'Only GET /metrics is served here', code: 'METHOD_NOT_ALLOWED' }
          : { message: `No route for ${request.method ?? ''} ${path ?? ''}`, code: 'NOT_FOUND' };
      if (status === 405) response.setHeader('Allow', 'GET, HEAD');
      response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'Content-Type': metrics.registry.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      () => {
        response.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify({ message: 'Metrics are unavailable', code: 'INTERNAL' }));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** The port a server listens on (for a port 0 chosen by the system). */
export function listeningPort(server: Server): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}
