// The one shape of a JSON route handler, so no service writes it again: parse what the request carries with the
// contracts' schemas (the path's id, the query, the body, in that order), hand the use case what it asked for with
// who asks and from where, and answer its result — a page with its total in X-Total-Count for `pageRoute`.
import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import { IdParam } from '@cropvest/contracts';
import { currentUser, type AuthUser } from './auth.ts';
import type { Page } from './db.ts';
import { requestMeta, sendPage, type RequestMeta } from './http.ts';
import { parseInput } from './validate.ts';

/** What a route's use case is given. */
export interface RouteRequest<Query, Body> {
  query: Query;
  body: Body;
  /** The path's `:id`, a UUID (a route without one has none to read). */
  id: string;
  /** The signed-in caller; reading it on a route nobody signed in to is a 401. */
  readonly actor: AuthUser;
  meta: RequestMeta;
  ctx: Context;
}

interface RouteSchemas<Q, B> {
  query?: Q;
  body?: B;
  /** The answer's status when not 200 (201 for what a route creates). */
  status?: number;
}

/** The parsed value of a schema, or undefined where the route declares none. */
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

function routeRequest<Q extends z.ZodType | undefined, B extends z.ZodType | undefined>(
  ctx: Context,
  { query, body }: RouteSchemas<Q, B>,
): RouteRequest<Parsed<Q>, Parsed<B>> {
  const params = ctx.params as Record<string, string> | undefined;
  const id = params?.id === undefined ? '' : parseInput(IdParam, params).id;
  return {
    id,
    query: (query ? parseInput(query, ctx.query) : undefined) as Parsed<Q>,
    body: (body ? parseInput(body, ctx.request.body) : undefined) as Parsed<B>,
    get actor() {
      return currentUser(ctx.state as { user?: AuthUser });
    },
    meta: requestMeta(ctx),
    ctx,
  };
}

/** A route answering its use case's result as JSON. */
export function route<
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  schemas: RouteSchemas<Q, B>,
  useCase: (request: RouteRequest<Parsed<Q>, Parsed<B>>) => Promise<unknown>,
): Middleware {
  return async (ctx) => {
    const answer = await useCase(routeRequest(ctx, schemas));
    if (schemas.status) ctx.status = schemas.status;
    ctx.body = answer;
  };
}

/** A route answering one page of a list, its total in X-Total-Count. */
export function pageRoute<Q extends z.ZodType | undefined = undefined>(
  schemas: { query?: Q },
  list: (request: RouteRequest<Parsed<Q>, undefined>) => Promise<Page<unknown>>,
): Middleware {
  return async (ctx) => sendPage(ctx, await list(routeRequest<Q, undefined>(ctx, schemas)));
}
