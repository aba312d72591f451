// The Koa app every service and the gateway start from: request id, access log, metrics, one error
// middleware, a JSON body reader with size and nesting limits (json-body.ts), and the health endpoints.
// Prometheus metrics are served on a listener of their own (serveMetrics), never on this app's port.
import { randomUUID } from 'node:crypto';
import Koa, { type Context } from 'koa';
import type { Logger } from 'pino';
import { TOTAL_COUNT_HEADER } from '@cropvest/contracts';
import type { Page } from './db.ts';
import { errorMiddleware } from './errors.ts';
import { readJsonBody } from './json-body.ts';
import type { Metrics } from './metrics.ts';
import { currentTraceparent, extractedContext, inSpan, SpanKind, SpanStatusCode } from './tracing.ts';

export interface ReadinessCheck {
  name: string;
  check: () => Promise<void>;
}

export interface HttpAppOptions {
  logger: Logger;
  metrics: Metrics;
  bodyLimit?: string;
  readiness?: ReadinessCheck[];
  /** Skip the JSON body parser (the gateway streams bodies through untouched). */
  rawBodies?: boolean;
  /** Proxies in front that append to X-Forwarded-For (config's TRUSTED_PROXY_HOPS); 0 reads the socket. */
  trustedProxyHops?: number;
  /** Paths whose bodies a route streams itself (uploads): no JSON check or parsing there. */
  rawBodyPaths?: RegExp;
  /** Headers set on every answer, health and errors included (the gateway's security headers). */
  headers?: ReadonlyArray<readonly [string, string]>;
  /**
   * The route template of a request the app's routers did not match (the gateway's proxied calls), for the
   * metrics label; anything it does not know is `unmatched`. Never the raw path: ids and upload tokens in paths
   * would make one series each and publish them.
   */
  routeLabel?: (ctx: Context) => string | undefined;
}

/** The label of requests no route template matches: one series for all of them, whatever their path. */
export const UNMATCHED_ROUTE = 'unmatched';
const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;
/** Any other method a client invents is one `other` series, not one each. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** The methods whose JSON bodies are read. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

export function createHttpApp(options: HttpAppOptions): Koa {
  // ctx.ip is then the address `hops` places from the right of X-Forwarded-For (Koa keeps the last maxIpsCount).
  const hops = options.trustedProxyHops ?? 0;
  const app = new Koa({ proxy: hops > 0, maxIpsCount: hops });
  const { logger, metrics } = options;
  app.silent = true; // errors are logged by errorMiddleware, not by Koa's default handler

  // One server span per request, child of the caller's `traceparent`; named by its route template once routed.
  app.use((ctx, next) =>
    inSpan(
      ctx.method,
      { kind: SpanKind.SERVER, parent: extractedContext(ctx.request.headers) },
      async (span) => {
        await next();
        span.updateName(`${ctx.method} ${routeOf(ctx, options)}`);
        span.setAttribute('http.response.status_code', ctx.status);
        if (ctx.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      },
    ),
  );
  app.use(async (ctx, next) => {
    for (const [name, value] of options.headers ?? []) ctx.res.setHeader(name, value);
    const incoming = ctx.get('x-request-id');
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('x-request-id', requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeOf(ctx, options);
      metrics.httpDuration.observe(
        { method: KNOWN_METHODS.has(ctx.method) ? ctx.method : 'other', route, status: String(ctx.status) },
        seconds,
      );
      if (!HEALTH_PATHS.has(ctx.path)) {
        logger.info(
          {
            requestId,
            method: ctx.method,
            path: ctx.path,
            status: ctx.status,
            ms: Math.round(seconds * 1000),
          },
          'request',
        );
      }
    }
  });
  app.use(errorMiddleware(logger));

  app.use(async (ctx, next) => {
    if (ctx.method !== 'GET') return next();
    if (ctx.path === '/healthz') {
      ctx.body = { status: 'ok' };
      return;
    }
    if (ctx.path === '/readyz') {
      const results = await Promise.all(
        (options.readiness ?? []).map(async ({ name, check }) => {
          try {
            await check();
            return { name, ok: true };
          } catch (error) {
            return { name, ok: false, error: error instanceof Error ? error.message : String(error) };
          }
        }),
      );
      const ready = results.every((r) => r.ok);
      ctx.status = ready ? 200 : 503;
      ctx.body = { status: ready ? 'ready' : 'not ready', checks: results };
      return;
    }
    return next();
  });

  if (!options.rawBodies) {
    const bodyLimit = options.bodyLimit ?? '100kb';
    app.use(async (ctx, next) => {
      if (!BODY_METHODS.has(ctx.method) || options.rawBodyPaths?.test(ctx.path)) return next();
      const json = ctx.is('application/json');
      // A body that is not JSON on a call that sends one is refused, not silently ignored.
      if (ctx.request.length && !json) ctx.throw(415, 'Send the request body as JSON');
      ctx.request.body = json ? await readJsonBody(ctx, bodyLimit) : {};
      await next();
    });
  }
  return app;
}

/** The route template a request matched, never its raw path (ids and tokens would make one series each). */
function routeOf(ctx: Context, options: HttpAppOptions): string {
  return (
    (ctx as { _matchedRoute?: string })._matchedRoute ??
    (HEALTH_PATHS.has(ctx.path) ? ctx.path : options.routeLabel?.(ctx)) ??
    UNMATCHED_ROUTE
  );
}

/** Who is asking, for audit rows and trace context. */
export interface RequestMeta {
  ip: string | null;
  traceparent: string | null;
}

export const requestMeta = (ctx: Context): RequestMeta => ({
  ip: ctx.ip || null,
  traceparent: currentTraceparent(ctx.get('traceparent') || null),
});

/** A page of a list as the spec answers lists, a JSON array, with the number of all its rows in X-Total-Count. */
export function sendPage<T>(ctx: Context, page: Page<T>): void {
  ctx.set(TOTAL_COUNT_HEADER, String(page.total));
  ctx.body = page.items;
}
