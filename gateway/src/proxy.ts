// Passes a request to its service and the answer back, untouched, over kept-alive connections. Bodies stream;
// a small answer of known length is collected and sent in one write, which costs far less than piping it
// (most API answers are a few hundred bytes of JSON). Streams without a length (server-sent events) still flow.
// A service may answer before it has read the whole body (413 past its limit). Node's client then stops listening
// for the upstream socket's 'drain' once the answer is complete, so the piped body waits forever for room: the
// client's connection stays mid-body, and its next request waits until the idle timeout resets it (66 s). Such an
// exchange is ended here instead (settleEarlyAnswer).
import http from 'node:http';
import type { Context } from 'koa';
import { AppError } from '@cropvest/service-kit/errors';
import { injectTraceHeaders } from '@cropvest/service-kit/runtime';
import type { Upstream } from './routes.ts';

/** Answers up to this size with a Content-Length are buffered instead of piped. */
const BUFFERED_ANSWER_LIMIT = 256 * 1024;

/** How long a replica that refused a connection is passed over while others are up. */
const REFUSED_REPLICA_PAUSE_MS = 1000;

/** Headers that describe one hop and must not be forwarded (RFC 9110 section 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

/**
 * How long a kept-alive connection to a service may sit unused in the pool. Services close theirs after 65 s
 * (runtime.ts keepAliveTimeout); a pooled connection older than that can be picked in the very moment the
 * service closes it, and the request then fails (ECONNRESET) before the service has read it: a 502 for a request
 * nobody saw. Node's agent only expires idle connections when given a timeout, and then takes the earlier of it
 * and the service's Keep-Alive hint.
 */
const IDLE_CONNECTION_MS = 30_000;

export function createProxy(timeoutMs: number) {
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: 256,
    maxFreeSockets: 64,
    timeout: IDLE_CONNECTION_MS,
  });

  return async function proxy(ctx: Context, upstream: Upstream): Promise<void> {
    // The path and query as parsed, never the raw request target: a client may send an absolute-form target
    // (`GET http://elsewhere/api/...`), which must not choose where the gateway connects.
    const path = ctx.querystring ? `${ctx.path}?${ctx.querystring}` : ctx.path;
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(ctx.request.headers)) {
      if (!HOP_BY_HOP.has(name) && !name.startsWith('x-forwarded-') && value !== undefined)
        headers[name] = value;
    }
    headers['x-forwarded-for'] = ctx.ip;
    headers['x-forwarded-proto'] = ctx.protocol;
    headers['x-request-id'] = ctx.state.requestId as string;
    injectTraceHeaders(headers);

    const target = upstream.pick();
    await new Promise<void>((resolve, reject) => {
      let answered = false;
      const unavailable = () =>
        new AppError(
          502,
          'UPSTREAM_UNAVAILABLE',
          `The ${upstream.name} service is unavailable. Please try again shortly.`,
        );
      const outgoing = http.request(
        {
          hostname: target.hostname,
          port: target.port,
          path,
          method: ctx.method,
          headers,
          agent,
          timeout: timeoutMs,
        },
        (incoming) => {
          answered = true;
          settleEarlyAnswer(ctx, outgoing, incoming);
          ctx.status = incoming.statusCode ?? 502;
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (!HOP_BY_HOP.has(name) && value !== undefined && name !== 'x-request-id')
              ctx.set(name, value as string | string[]);
          }
          const length = Number(incoming.headers['content-length']);
          if (ctx.method === 'HEAD' || !Number.isInteger(length) || length > BUFFERED_ANSWER_LIMIT) {
            ctx.body = incoming;
            resolve();
            return;
          }
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () => {
            ctx.body = Buffer.concat(chunks);
            resolve();
          });
          incoming.on('error', () => reject(unavailable()));
        },
      );
      outgoing.on('timeout', () =>
        outgoing.destroy(
          new AppError(504, 'UPSTREAM_TIMEOUT', `The ${upstream.name} service did not answer in time`),
        ),
      );
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        if (answered) return;
        if (error instanceof AppError) return reject(error);
        // A replica that is not listening (restarting) is passed over for a moment; its peers take the load.
        if (error.code === 'ECONNREFUSED') target.downUntil = Date.now() + REFUSED_REPLICA_PAUSE_MS;
        // A service may answer early (413 for an upload past its cap) and close while the body is still
        // streaming; the write then fails just before its answer is read. Give that answer a moment to arrive.
        if (error.code === 'EPIPE' || error.code === 'ECONNRESET') {
          setTimeout(() => (answered ? undefined : reject(unavailable())), 100);
          return;
        }
        reject(unavailable());
      });
      const hasBody =
        ctx.req.headers['transfer-encoding'] !== undefined ||
        Number(ctx.req.headers['content-length'] ?? 0) > 0;
      if (hasBody) ctx.req.pipe(outgoing);
      else outgoing.end();
    });
  };
}

/**
 * When the service answers before the client's body has all been passed on: once the answer is complete, the
 * rest of the body is no longer sent and the upstream connection is closed (its request is unfinished, so the
 * agent must not reuse it), and the client's remaining body is read and discarded so that its connection can carry
 * its next request. A body without a declared length has no bound to read to: that client's connection is closed
 * after the answer.
 */
function settleEarlyAnswer(ctx: Context, outgoing: http.ClientRequest, incoming: http.IncomingMessage): void {
  if (ctx.req.complete && outgoing.writableFinished) return;
  if (!ctx.req.complete && ctx.req.headers['content-length'] === undefined) ctx.set('Connection', 'close');
  incoming.once('end', () => {
    if (outgoing.writableFinished) return;
    ctx.req.unpipe(outgoing);
    outgoing.destroy();
    ctx.req.resume();
  });
}
