import type { Context } from 'koa';
import type { RequestMeta } from '../app/context.ts';

export const requestMeta = (ctx: Context): RequestMeta => ({
  ip: ctx.ip || null,
  traceparent: ctx.get('traceparent') || null,
});
