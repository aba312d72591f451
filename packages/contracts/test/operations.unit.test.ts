// Every area's operations reach the one list the document, the gateway, the services and the front end read,
// each under its own id: an area left out of openapi.ts, or an id declared by two areas (the later would hide
// the earlier in `operationsById`), fails here.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import type { ApiOperation } from '../src/api-operation.ts';
import { apiOperations, operationsById } from '../src/openapi.ts';

const SOURCE = fileURLToPath(new URL('../src/', import.meta.url));

/** Every operation each domain folder's `api.ts` and `<area>-api.ts` export, read from the files themselves. */
async function declaredOperations(): Promise<ApiOperation[]> {
  const areas = readdirSync(SOURCE, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('/api.ts') || file.endsWith('-api.ts'),
  );
  const modules = await Promise.all(
    areas.map((file) => import(`${SOURCE}${file}`) as Promise<Record<string, unknown>>),
  );
  return modules.flatMap((module) =>
    Object.values(module).flatMap((exported) =>
      exported && typeof exported === 'object'
        ? Object.values(exported).filter(
            (value): value is ApiOperation =>
              typeof value === 'object' &&
              value !== null &&
              'path' in value &&
              'method' in value &&
              'id' in value,
          )
        : [],
    ),
  );
}

describe('the operations', () => {
  it('are all joined, each id once', async () => {
    const declared = await declaredOperations();
    expect(declared.length).toBeGreaterThan(150);
    expect(apiOperations).toHaveLength(declared.length);
    expect(new Set(declared.map((op) => op.id)).size).toBe(declared.length);
    for (const op of declared) expect(operationsById[op.id as keyof typeof operationsById]).toBe(op);
  });

  it('are one per method and path', () => {
    const routes = apiOperations.map((op) => `${op.method} ${op.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });
});
