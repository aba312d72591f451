// The browser's operations (decision 0127) are generated from the declarations: the same areas, the same ids,
// each with the same method and path. After an operation is added, renamed or moved, this fails until
// `npm run contracts:browser` writes the file again.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import type { ApiOperation } from '../src/api-operation.ts';
import * as browserOperations from '../src/browser-operations.ts';

const SOURCE = fileURLToPath(new URL('../src/', import.meta.url));

/** Each area export of the domains' api files, as `{ id, method, path }` per operation. */
async function declaredRoutes(): Promise<
  Record<string, Record<string, Pick<ApiOperation, 'id' | 'method' | 'path'>>>
> {
  const files = readdirSync(SOURCE, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('/api.ts') || file.endsWith('-api.ts'),
  );
  const areas: Record<string, Record<string, Pick<ApiOperation, 'id' | 'method' | 'path'>>> = {};
  for (const file of files) {
    const module = (await import(`${SOURCE}${file}`)) as Record<string, unknown>;
    for (const [name, exported] of Object.entries(module)) {
      // An area is an object of operations; the files' other exports (schemas, constants) are not.
      const operations = Object.values(exported ?? {}).filter(
        (value): value is ApiOperation => typeof value === 'object' && value !== null && 'path' in value,
      );
      if (operations.length > 0)
        areas[name] = Object.fromEntries(
          operations.map(({ id, method, path }) => [id, { id, method, path }]),
        );
    }
  }
  return areas;
}

describe('the browser operations', () => {
  it('are the declared operations, each with its id, method and path, and nothing else', async () => {
    const declared = await declaredRoutes();
    const generated = Object.fromEntries(
      Object.entries(browserOperations).map(([name, area]) => [
        name,
        Object.fromEntries(
          Object.values(area as Record<string, ApiOperation>).map((op) => [op.id, { ...op }]),
        ),
      ]),
    );
    expect(generated).toEqual(declared);
  });
});
