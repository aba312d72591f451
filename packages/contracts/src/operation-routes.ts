// What a browser call needs of an operation (decision 0127): its id, method and path. The front ends import their
// areas' operations from `browser-operations.ts`, built of these alone, so a page does not load zod and every
// schema of a domain to call one endpoint (the landing page's budget is 170 KB gzip; the schemas were 89 KB).
import type { ApiOperation } from './api-operation.ts';

type Routes<Declared> = { readonly [Id in keyof Declared]: readonly [ApiOperation['method'], string] };

/**
 * An area's operations as the browser holds them: `{ id, method, path }` each, typed as their declarations so a
 * call is still checked against the contract (path parameters, query, body, answer). Only id, method and path
 * exist at run time, which is all `operationCall` reads.
 */
export function routesOnly<Declared extends Record<string, ApiOperation>>(
  routes: Routes<Declared>,
): Declared {
  return Object.fromEntries(
    Object.entries(routes).map(([id, [method, path]]) => [id, { id, method, path }]),
  ) as unknown as Declared;
}
