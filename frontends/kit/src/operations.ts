// The front end's calls from the contracts' operations (decision 0120): a data-layer endpoint names the
// operation it calls, never a URL, so a path is written once (in packages/contracts) and an operation renamed,
// removed or given other path parameters is a compile error wherever it is called.
import type { ApiOperation } from '@cropvest/contracts/api-operation';
import type { z } from '@cropvest/contracts/zod';

/** One call: what the data layer's base query sends (api.ts), whether built from an operation or not. */
export interface ApiRequest {
  /** A path under /api ("auth/me") or key segments joined with slashes (["admin", "users", id]). */
  url: string | (string | number)[];
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  params?: Record<string, string | number | boolean | undefined>;
}

/** The names of a path's parameters: `/api/plans/{id}/funding` → `'id'`. */
type PathParameter<Path> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParameter<Rest>
  : never;

type PathArgs<Op extends ApiOperation> = [PathParameter<Op['path']>] extends [never]
  ? object
  : { path: Record<PathParameter<Op['path']>, string> };
type QueryArgs<Op> = Op extends { query: infer Query extends z.ZodType }
  ? { query?: Partial<z.input<Query>> }
  : object;
/** The body `Op` takes, as a caller writes it (fields with defaults may be left out). */
export type OperationBody<Op> = Op extends { body: infer Body extends z.ZodType } ? z.input<Body> : never;
type BodyArgs<Op> = [OperationBody<Op>] extends [never] ? object : { body: OperationBody<Op> };

/** What a call of `Op` sends: its path parameters, its query (optional) and its body, each typed by the contract. */
export type OperationArgs<Op extends ApiOperation> = PathArgs<Op> & QueryArgs<Op> & BodyArgs<Op>;

/** What `Op` answers, as the front end reads it (a page's items for a paged list, before `toPaged`). */
export type OperationAnswer<Op> = Op extends { response: infer Response extends z.ZodType }
  ? z.output<Response>
  : never;

/** Arguments are optional for an operation that needs none. */
type ArgsOf<Op extends ApiOperation> =
  object extends OperationArgs<Op> ? [args?: OperationArgs<Op>] : [args: OperationArgs<Op>];

/** The request of one call of `operation`: `query: () => operationRequest(walletOperations.myDeposits, { query })`. */
export function operationRequest<Op extends ApiOperation>(operation: Op, ...[args]: ArgsOf<Op>): ApiRequest {
  const given = (args ?? {}) as { path?: Record<string, string>; query?: object; body?: unknown };
  const url = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = given.path?.[name];
    if (value === undefined) throw new Error(`${operation.id} needs the path parameter ${name}`);
    return encodeURIComponent(value);
  });
  return {
    url,
    method: operation.method.toUpperCase() as ApiRequest['method'],
    ...(given.query ? { params: given.query as ApiRequest['params'] } : {}),
    ...(given.body === undefined ? {} : { body: given.body }),
  };
}
