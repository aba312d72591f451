// The OpenAPI document the gateway serves (generated from packages/contracts) against Redocly's strict rules and
// against the routes that really answer: every route a service mounts, found by building its routers, and the
// gateway's own composed ones. A route added without its operation, or an operation left after its route went,
// fails here; so does an operation without the refusals its guard and path give.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import Router from '@koa/router';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { buildOpenApiDocument, operationsById } from '@cropvest/contracts';
import { composedAnswers, type ComposeDeps } from '../src/compose.ts';
import { matchRoute, RATE_LIMITED } from '../src/routes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface DocumentOperation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  responses: Record<string, unknown>;
}
const document = buildOpenApiDocument() as unknown as {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], DocumentOperation>>>;
};
const operations = Object.entries(document.paths).flatMap(([template, item]) =>
  METHODS.flatMap((method) => {
    const op = item[method];
    return op ? [{ method, template, op, key: `${method.toUpperCase()} ${template}` }] : [];
  }),
);

/** Stands in for any dependency: route modules only keep their context for the handlers to use later. */
const anything: unknown = new Proxy(function placeholder() {}, {
  get: (_target, property) => (property === 'then' ? undefined : anything),
  apply: () => anything,
  construct: () => anything as object,
});

interface LiveRoute {
  method: string;
  /** Koa's form, `/api/deposits/:id/proof`. */
  path: string;
  upstream: string;
}

/** Every /api route each service mounts: each exported function of its `src/http/` modules that builds a router. */
async function serviceRoutes(): Promise<LiveRoute[]> {
  const routes: LiveRoute[] = [];
  for (const service of readdirSync(path.join(root, 'services'))) {
    const dir = path.join(root, 'services', service, 'src', 'http');
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
      const module = (await import(path.join(dir, file))) as Record<string, unknown>;
      for (const build of Object.values(module)) {
        if (typeof build !== 'function') continue;
        const router: unknown = (build as (deps: unknown) => unknown)(anything);
        if (!(router instanceof Router)) continue;
        for (const layer of router.stack)
          for (const method of layer.methods)
            if (method !== 'HEAD' && typeof layer.path === 'string' && layer.path.startsWith('/api/'))
              routes.push({ method: method.toLowerCase(), path: layer.path, upstream: service });
      }
    }
  }
  return routes;
}

/** The /api routes the gateway answers itself (compose.ts); its document and docs page are not operations. */
const GATEWAY_ROUTES: LiveRoute[] = Object.keys(composedAnswers(anything as ComposeDeps)).map((id) => {
  const { method, path } = operationsById[id as keyof typeof operationsById];
  return { method, path, upstream: 'gateway' };
});

/** Whether a Koa route answers a document path: same segments, a Koa `:param` standing for any one segment. */
function answers(route: LiveRoute, template: string): boolean {
  const routeSegments = route.path.split('/');
  const templateSegments = template.split('/');
  return (
    routeSegments.length === templateSegments.length &&
    routeSegments.every((segment, index) => segment.startsWith(':') || segment === templateSegments[index])
  );
}

/** Who answers a document path behind the gateway: the gateway's own routes first, then its prefix table. */
const upstreamOf = (method: string, template: string): string | undefined =>
  GATEWAY_ROUTES.some((route) => route.method === method && route.path === template)
    ? 'gateway'
    : matchRoute(template)?.upstream;

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended-strict rules with no error and no warning", async () => {
    const config = await createConfig({ extends: ['recommended-strict'] });
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: 'openapi.json',
      config,
    });
    expect(problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
    expect(operations.length).toBeGreaterThan(80);
  });

  it('lists every live /api route, and only live ones', async () => {
    const live = [...(await serviceRoutes()), ...GATEWAY_ROUTES];
    expect(live.length).toBeGreaterThan(80);
    // A route counts as documented when an operation of the same method names a path it answers and the
    // gateway sends that path to the route's service (a service's `PUT /api/uploads/:bucket/:token` answers
    // only its own bucket's uploads).
    const undocumented = live
      .filter(
        (route) =>
          !operations.some(
            ({ method, template }) =>
              method === route.method &&
              answers(route, template) &&
              upstreamOf(method, template) === route.upstream,
          ),
      )
      .map((route) => `${route.method.toUpperCase()} ${route.path} (${route.upstream})`);
    const dead = operations
      .filter(
        ({ method, template }) =>
          !live.some(
            (route) =>
              route.method === method &&
              answers(route, template) &&
              route.upstream === upstreamOf(method, template),
          ),
      )
      .map(({ key }) => key);
    expect({ undocumented, dead }).toEqual({ undocumented: [], dead: [] });
  });

  it('gives every operation an id, a tag, its path parameters and the refusals its guard and path can give', () => {
    const faults: string[] = [];
    const ids = new Set<string>();
    for (const { key, template, op } of operations) {
      const fault = (what: string) => faults.push(`${key}: ${what}`);
      if (!op.operationId) fault('no operationId');
      else if (ids.has(op.operationId)) fault(`operationId ${op.operationId} used twice`);
      else ids.add(op.operationId);
      if (!op.tags?.length) fault('no tag');
      const declared = new Set((op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name));
      const named = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
      for (const name of named) if (!declared.has(name)) fault(`path parameter ${name} not declared`);
      const signedIn = (op.security ?? []).length > 0;
      const expected = [
        '400',
        ...(signedIn ? ['401', '403'] : []),
        ...(named.length ? ['404'] : []),
        ...(RATE_LIMITED.has(template) && key.startsWith('POST ') ? ['429'] : []),
      ];
      for (const status of expected) if (!(status in op.responses)) fault(`no ${status} answer`);
      if (
        template.startsWith('/api/admin/') &&
        !op.security?.some((r) => Object.values(r).flat().includes('admin'))
      )
        fault('an admin path whose bearer requirement does not name the admin role');
    }
    expect(faults).toEqual([]);
  });

  it('types the KYC submission body field by field', () => {
    const body = (document as unknown as { components: { schemas: Record<string, { required?: string[] }> } })
      .components.schemas.KycSubmitRequest;
    expect(body?.required).toEqual(
      expect.arrayContaining(['firstName', 'dateOfBirth', 'idType', 'idDocumentFrontUrl', 'selfieUrl']),
    );
  });
});
