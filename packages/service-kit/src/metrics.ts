import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** One Prometheus registry per process, with the process defaults and the HTTP histogram. */
export function createMetrics(service: string) {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
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
  return { registry, httpDuration, outboxPending, eventsPublished, eventsConsumed };
}
export type Metrics = ReturnType<typeof createMetrics>;
