// One call of an operation, typed by its declaration (decision 0120): the path parameters, the query and the body
// it takes and what it answers. The web kit's data layer and the tests' client both build their requests here, so
// neither writes a path.
import type { ApiOperation } from './api-operation.ts';
import type { z } from './zod.ts';

/** The names of a path's parameters: `/api/plans/{id}/funding` → `'id'`. */
type PathParameter<Path> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParameter<Rest>
  : never;

/** The path parameters `Op` takes, by name (`{ id: '…' }`); `never` when its path has none. */
export type OperationPath<Op extends ApiOperation> = [PathParameter<Op['path']>] extends [never]
  ? never
  : Record<PathParameter<Op['path']>, string>;

type PathArgs<Op extends ApiOperation> = [OperationPath<Op>] extends [never]
  ? object
  : { path: OperationPath<Op> };

/** The query `Op` takes, as a caller writes it (every field may be left out: the schema's defaults apply). */
export type OperationQuery<Op> = Op extends { query: infer Query extends z.ZodType }
  ? Partial<z.input<Query>>
  : never;
type QueryArgs<Op> = [OperationQuery<Op>] extends [never] ? object : { query?: OperationQuery<Op> };

/** The body `Op` takes, as a caller writes it (fields with defaults may be left out). */
export type OperationBody<Op> = Op extends { body: infer Body extends z.ZodType } ? z.input<Body> : never;
type BodyArgs<Op> = [OperationBody<Op>] extends [never] ? object : { body: OperationBody<Op> };

/** What a call of `Op` sends: its path parameters, its query (optional) and its body, each typed by the contract. */
export type OperationArgs<Op extends ApiOperation> = PathArgs<Op> & QueryArgs<Op> & BodyArgs<Op>;

/** Arguments may be left out of a call of an operation that needs none. */
export type OperationArgsOf<Op extends ApiOperation> =
  object extends OperationArgs<Op> ? [args?: OperationArgs<Op>] : [args: OperationArgs<Op>];

/** What `Op` answers when it succeeds (a paged list's items; the total is in X-Total-Count). */
export type OperationAnswer<Op> = Op extends { response: infer Response extends z.ZodType }
  ? z.output<Response>
  : never;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call, ready to send: the path with its parameters filled in, the query apart, the body as given. */
export interface OperationCall {
  method: HttpMethod;
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
}

export function operationCall<Op extends ApiOperation>(
  operation: Op,
  ...[args]: OperationArgsOf<Op>
): OperationCall {
  const given = (args ?? {}) as { path?: Record<string, string>; query?: object; body?: unknown };
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = given.path?.[name];
    if (value === undefined) throw new Error(`${operation.id} needs the path parameter ${name}`);
    return encodeURIComponent(value);
  });
  return {
    method: operation.method.toUpperCase() as HttpMethod,
    path,
    ...(given.query ? { query: given.query as OperationCall['query'] } : {}),
    ...(given.body === undefined ? {} : { body: given.body }),
  };
}

/** `?a=1&b=x` of the defined values of a query, or '' when there are none. */
export function queryString(query: OperationCall['query']): string {
  const pairs = Object.entries(query ?? {}).filter(([, value]) => value !== undefined);
  return pairs.length === 0
    ? ''
    : `?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`).join('&')}`;
}
