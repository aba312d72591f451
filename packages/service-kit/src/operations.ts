// A service's HTTP routes from the contracts' operations (decision 0120): the operation gives the method, the
// path, who may call it, the query and body schemas, the answer's status and whether it is a page; the service
// gives only a handler per operation it owns. Every owned operation must have exactly one handler, checked when
// the routes are built (at start-up and in each service's unit test), so a declared path cannot go unserved.
import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { z } from 'zod';
import { apiOperations, type ApiOperation, type ApiOwner, type operationsById } from '@cropvest/contracts';
import { authenticate, requireRole, type TokenVerifier } from './auth.ts';
import type { Page } from './db.ts';
import { pageRoute, route, type RouteRequest } from './routes.ts';

type DeclaredOperation = (typeof operationsById)[keyof typeof operationsById];

/** The operations `owner` answers, each with its literal id, path and schemas. */
export type OperationOf<Owner extends ApiOwner> = Extract<DeclaredOperation, { owner: Owner }>;

type Parsed<Op, Key extends 'query' | 'body'> = Op extends { [K in Key]: infer Schema extends z.ZodType }
  ? z.output<Schema>
  : undefined;

/** What a handler is given: the parsed query and body of its operation, the path's id, the caller. */
export type OperationRequest<Op> = RouteRequest<Parsed<Op, 'query'>, Parsed<Op, 'body'>>;

/**
 * A handler: a use case whose result is answered as JSON (a page with its total for a paged operation), or the
 * route's own Koa middleware, for answers that are more than JSON (cookies, files, streams, uploads).
 */
export type OperationHandler<Op> =
  | ((request: OperationRequest<Op>) => Promise<Op extends { paged: true } ? Page<unknown> : unknown>)
  | { middleware: Middleware[] };

/** Handlers of some of `owner`'s operations, keyed by operation id: one resource's, typically. */
export type OperationHandlers<Owner extends ApiOwner> = {
  [Op in OperationOf<Owner> as Op['id']]?: OperationHandler<Op>;
};

/** One resource's handlers, typed by their operations (the request each is given follows from its id). */
export const handlers = <Owner extends ApiOwner>(
  _owner: Owner,
  byId: NoInfer<OperationHandlers<Owner>>,
): OperationHandlers<Owner> => byId;

/** Which of `owner`'s operations have no handler among `sets`, and which have more than one. */
export function unhandledOperations(
  owner: ApiOwner,
  sets: readonly Record<string, unknown>[],
): { missing: string[]; twice: string[]; unknown: string[] } {
  const owned = new Set(apiOperations.filter((op) => op.owner === owner).map((op) => op.id));
  const seen = new Map<string, number>();
  for (const set of sets) for (const id of Object.keys(set)) seen.set(id, (seen.get(id) ?? 0) + 1);
  return {
    missing: [...owned].filter((id) => !seen.has(id)),
    twice: [...seen].filter(([, count]) => count > 1).map(([id]) => id),
    unknown: [...seen.keys()].filter((id) => !owned.has(id)),
  };
}

/**
 * Literal path segments sort before parameters (`/address-book/settings` before `/address-book/{id}`): the
 * router answers with the first route that matches.
 */
const literalFirst = (operation: ApiOperation): string => operation.path.replace(/\{[^}]+\}/g, '\uffff');

const koaPath = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1');

function guard(operation: ApiOperation, verifier: TokenVerifier): Middleware[] {
  if (operation.auth === 'public') return [];
  const signedIn = authenticate(verifier);
  return operation.auth === 'admin' ? [signedIn, requireRole('admin')] : [signedIn];
}

/**
 * A handler seen apart from its operation's types, once its operation is known to be the right one (the kit's
 * own registration, or a service wrapping every handler of a set with a check of its own).
 */
export type UntypedHandler =
  ((request: RouteRequest<unknown, unknown>) => Promise<unknown>) | { middleware: Middleware[] };

function answer(operation: ApiOperation, useCase: UntypedHandler): Middleware[] {
  if (typeof useCase !== 'function') return useCase.middleware;
  if (operation.paged)
    return [
      pageRoute(
        { query: operation.query },
        useCase as (request: RouteRequest<unknown, undefined>) => Promise<Page<unknown>>,
      ),
    ];
  return [route({ query: operation.query, body: operation.body, status: operation.status }, useCase)];
}

/**
 * The router of every operation `owner` answers, from its handler sets. Throws when an owned operation has no
 * handler or two, or a handler names an operation `owner` does not answer.
 */
export function operationRoutes<Owner extends ApiOwner>(
  owner: Owner,
  verifier: TokenVerifier,
  sets: readonly OperationHandlers<Owner>[],
): Router {
  const { missing, twice, unknown } = unhandledOperations(owner, sets);
  if (missing.length + twice.length + unknown.length > 0)
    throw new Error(
      `${owner}'s handlers do not match its operations: ${[
        missing.length ? `no handler for ${missing.join(', ')}` : '',
        twice.length ? `two handlers for ${twice.join(', ')}` : '',
        unknown.length ? `not ${owner}'s: ${unknown.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ')}`,
    );
  const byId = new Map(sets.flatMap((set) => Object.entries(set) as [string, UntypedHandler][]));
  const router = new Router();
  for (const operation of apiOperations
    .filter((op) => op.owner === owner)
    .sort((a, b) => (literalFirst(a) < literalFirst(b) ? -1 : 1)))
    router.register(
      koaPath(operation.path),
      [operation.method.toUpperCase()],
      [...guard(operation, verifier), ...answer(operation, byId.get(operation.id) as UntypedHandler)],
      { name: operation.id },
    );
  return router;
}
