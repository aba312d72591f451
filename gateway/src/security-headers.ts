// The security headers of every answer (CSP included), decided by helmet once at start-up. Our helmet
// settings hold no per-request values (no CSP nonces), so the headers are the same for every answer; running
// helmet's dozen middlewares on each request cost measurable throughput at the edge (bench/gateway).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import helmet from 'helmet';

const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** Runs helmet against a response that only records the headers it is given. */
export function computeSecurityHeaders(): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      headers.set(name, Array.isArray(value) ? value.join(', ') : String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  };
  let finished = false;
  helmet(HELMET_OPTIONS)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  // helmet is synchronous today; if a version ever defers its callback the gateway must not start without headers.
  if (!finished) throw new Error('helmet did not finish synchronously; security headers unknown');
  return Object.freeze([...headers.entries()]);
}

export function securityHeaders(): Middleware {
  const headers = computeSecurityHeaders();
  return async (ctx, next) => {
    for (const [name, value] of headers) ctx.res.setHeader(name, value);
    await next();
  };
}
