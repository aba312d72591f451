// OpenTelemetry tracing for every process (docs/decisions/0071-tracing.md). Off unless
// OTEL_EXPORTER_OTLP_ENDPOINT is set: then nothing is registered, the API's global tracer hands out
// non-recording spans and no context travels, so each helper here costs a function call.
import {
  context,
  type Span,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context as TraceContext,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

const TRACER = 'cropvest';

export interface Tracing {
  /** Sends the spans still buffered, then stops exporting. */
  shutdown: () => Promise<void>;
}

/**
 * Starts exporting this process's spans over OTLP/HTTP (JSON) to `<endpoint>/v1/traces`, named `service`, with
 * W3C trace-context propagation. Returns null, registering nothing, when the endpoint is not set.
 */
export function startTracing(service: string, env: NodeJS.ProcessEnv = process.env): Tracing | null {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return null;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME ?? service }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` })),
    ],
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  return { shutdown: () => provider.shutdown() };
}

const tracer = () => trace.getTracer(TRACER);

const headerGetter = {
  keys: (carrier: Record<string, unknown>) => Object.keys(carrier),
  get: (carrier: Record<string, unknown>, key: string) => {
    const value = carrier[key];
    return typeof value === 'string' || Array.isArray(value) ? (value as string | string[]) : undefined;
  },
};

/** The trace context a caller sent in `traceparent`/`tracestate` headers (a plain header object). */
export function extractedContext(carrier: Record<string, unknown>): TraceContext {
  return propagation.extract(ROOT_CONTEXT, carrier, headerGetter);
}

/** Writes the active span's `traceparent` (and `tracestate`) into outgoing headers. */
export function injectTraceHeaders(carrier: Record<string, unknown>): void {
  propagation.inject(context.active(), carrier);
}

/**
 * The `traceparent` to store with an event or an audit row: the active span's when tracing is on, otherwise what
 * the caller sent (`fallback`). One source of truth for both cases.
 */
export function currentTraceparent(fallback: string | null): string | null {
  const span = trace.getActiveSpan();
  if (!span?.isRecording()) return fallback;
  const carrier: Record<string, string> = {};
  injectTraceHeaders(carrier);
  return carrier.traceparent ?? fallback;
}

/** Trace and span ids for log lines (pino mixin), so a log line and its trace join; nothing when tracing is off. */
export function traceLogFields(): { traceId?: string; spanId?: string } {
  const span = trace.getActiveSpan();
  if (!span?.isRecording()) return {};
  const { traceId, spanId } = span.spanContext();
  return { traceId, spanId };
}

/** Runs `work` in a new span (child of `parent`, or of the active span), recording a thrown error. */
export function inSpan<T>(
  name: string,
  options: {
    kind?: SpanKind;
    parent?: TraceContext;
    /** Other contexts this work continues (the rest of a batch's producers). */
    links?: TraceContext[];
    attributes?: Record<string, string | number>;
  },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const links = (options.links ?? []).flatMap((linked) => {
    const spanContext = trace.getSpanContext(linked);
    return spanContext ? [{ context: spanContext }] : [];
  });
  return tracer().startActiveSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes, links },
    options.parent ?? context.active(),
    async (span) => {
      try {
        return await work(span);
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** Whether a recorded span is active here (false whenever tracing is off). */
export const insideRecordingSpan = (): boolean => trace.getActiveSpan()?.isRecording() === true;

/** Starts a span the caller ends (events whose start and end are separate callbacks: knex's query events). */
export function startSpan(name: string, kind: SpanKind, attributes: Record<string, string>): Span {
  return tracer().startSpan(name, { kind, attributes });
}

export { SpanKind, SpanStatusCode, type Span, type TraceContext };
