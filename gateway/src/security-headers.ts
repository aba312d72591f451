// The security headers of every answer (CSP and Permissions-Policy included), decided once at start-up and set
// by the Koa app's first middleware (createHttpApp's `headers`), so health answers and errors carry them too. Our helmet
// settings hold no per-request values (no CSP nonces), so the headers are the same for every answer; running
// helmet's dozen middlewares on each request cost measurable throughput at the edge (bench/gateway).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import helmet from 'helmet';

/**
 * `objectOrigins`: where browsers load private files through short-lived signed links (deposit proofs, KYC
 * documents), allowed as image and frame sources so the admin screens can show them inline.
 */
const helmetOptions = (objectOrigins: readonly string[]): Parameters<typeof helmet>[0] => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...objectOrigins],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameSrc: ["'self'", ...objectOrigins],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
});

/** The origin of the object store's links (S3_PUBLIC_ENDPOINT, else S3_ENDPOINT, as the services sign them). */
export function objectStoreOrigins(config: {
  S3_ENDPOINT?: string | undefined;
  S3_PUBLIC_ENDPOINT?: string | undefined;
}): string[] {
  const endpoint = config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT;
  return endpoint ? [new URL(endpoint).origin] : [];
}

/**
 * Browser features no page of the platform uses are switched off for it and anything it embeds; helmet does
 * not set this header. The pages copy addresses and ids to the clipboard (CopyButton) and may go full screen;
 * they never use the camera (KYC files are chosen with a file input), microphone, location or payments.
 * Only features Chromium recognises are named: an unknown one (such as `bluetooth`) makes it log an error
 * on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'clipboard-read=()',
  'clipboard-write=(self)',
  'display-capture=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** Runs helmet against a response that only records the headers it is given, and adds the Permissions-Policy. */
export function computeSecurityHeaders(
  objectOrigins: readonly string[] = [],
): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      headers.set(name, Array.isArray(value) ? value.join(', ') : String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  };
  let finished = false;
  helmet(helmetOptions(objectOrigins))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error instanceof Error ? error : new Error(String(error));
      finished = true;
    },
  );
  // helmet is synchronous today; if a version ever defers its callback the gateway must not start without headers.
  if (!finished) throw new Error('helmet did not finish synchronously; security headers unknown');
  headers.set('Permissions-Policy', PERMISSIONS_POLICY);
  return Object.freeze([...headers.entries()]);
}

/**
 * An /api answer to a request that carries credentials is that user's data: no browser or shared cache may keep
 * it (`Cache-Control: no-store`), whatever the service said. Public answers keep their own caching.
 */
export function noStoreForCredentials(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      if (ctx.get('authorization') && (ctx.path === '/api' || ctx.path.startsWith('/api/')))
        ctx.set('Cache-Control', 'no-store');
    }
  };
}
