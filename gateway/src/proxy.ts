// Streams a request to its service and the answer back, untouched, over kept-alive connections.
import http from 'node:http';
import type { Context } from 'koa';
import { AppError } from '@cropvest/service-kit';
import type { Upstream } from './routes.ts';

/** Headers that describe one hop and must not be forwarded (RFC 9110 section 7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host']);

export function createProxy(timeoutMs: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 });

  return async function proxy(ctx: Context, upstream: Upstream): Promise<void> {
    const target = new URL(ctx.originalUrl, upstream.url);
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(ctx.request.headers)) {
      if (!HOP_BY_HOP.has(name) && !name.startsWith('x-forwarded-') && value !== undefined) headers[name] = value;
    }
    headers['x-forwarded-for'] = ctx.ip;
    headers['x-forwarded-proto'] = ctx.protocol;
    headers['x-request-id'] = ctx.state.requestId as string;

    await new Promise<void>((resolve, reject) => {
      let answered = false;
      const outgoing = http.request(target, { method: ctx.method, headers, agent, timeout: timeoutMs }, (incoming) => {
        answered = true;
        ctx.status = incoming.statusCode ?? 502;
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined && name !== 'x-request-id') ctx.set(name, value as string | string[]);
        }
        ctx.body = incoming;
        resolve();
      });
      outgoing.on('timeout', () => outgoing.destroy(new AppError(504, 'UPSTREAM_TIMEOUT', `The ${upstream.name} service did not answer in time`)));
      const unavailable = () => new AppError(502, 'UPSTREAM_UNAVAILABLE', `The ${upstream.name} service is unavailable. Please try again shortly.`);
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        if (answered) return;
        if (error instanceof AppError) return reject(error);
        // A service may answer early (413 for an upload past its cap) and close while the body is still
        // streaming; the write then fails just before its answer is read. Give that answer a moment to arrive.
        if (error.code === 'EPIPE' || error.code === 'ECONNRESET') {
          setTimeout(() => (answered ? undefined : reject(unavailable())), 100);
          return;
        }
        reject(unavailable());
      });
      ctx.req.pipe(outgoing);
    });
  };
}
