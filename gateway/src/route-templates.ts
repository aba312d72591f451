// The metrics label of a request the gateway passes on: the route template of the operation it calls
// (`/api/deposits/:id/proof`), from the same OpenAPI document the gateway serves, never the raw path. Raw paths
// put ids and upload tokens into /metrics and made one series per id (docs/decisions/0051-metrics-and-edge.md).
import type { Context } from 'koa';
import { buildOpenApiDocument } from '@cropvest/contracts';
import { operationPathPattern } from '@cropvest/contracts/api-operation';

/** Paths the gateway serves or passes on that the OpenAPI document does not list as such. */
const EXTRA_TEMPLATES = ['/api/uploads/{bucket}/{token}', '/api/plan-images/{uploader}/{id}'];

/** The label of everything that is not an /api call (the built front ends and their client routes). */
export const STATIC_ROUTE = 'static';

export interface Template {
  /** The document's path: `/api/deposits/{id}/proof`. */
  path: string;
  /** The same with Koa's parameters, for labels: `/api/deposits/:id/proof`. */
  label: string;
  pattern: RegExp;
}

function compile(path: string): Template {
  return { path, label: path.replace(/\{(\w+)\}/g, ':$1'), pattern: operationPathPattern(path) };
}

/** Every template, literal segments before parameters (`/api/admin/plans/defaults` before `/api/admin/plans/:id`). */
export function routeTemplates(paths: string[]): Template[] {
  const parameters = (path: string) => (path.match(/\{/g) ?? []).length;
  return [...new Set(paths)].sort((a, b) => parameters(a) - parameters(b)).map(compile);
}

/** A label for every request: its template, `static` outside /api, or undefined (counted as `unmatched`). */
export function routeLabeller(
  paths: string[] = [...Object.keys(buildOpenApiDocument().paths ?? {}), ...EXTRA_TEMPLATES],
): (ctx: Pick<Context, 'path'>) => string | undefined {
  const templates = routeTemplates(paths);
  return (ctx) => {
    if (ctx.path !== '/api' && !ctx.path.startsWith('/api/')) return STATIC_ROUTE;
    return templates.find((template) => template.pattern.test(ctx.path))?.label;
  };
}
