// The auth forms' zod schemas load when a form first gets focus (or is sent), not with the page.
import type * as SchemasModule from './schemas.ts';

let schemas: Promise<typeof SchemasModule> | undefined;
export const loadSchemas = (): Promise<typeof SchemasModule> => (schemas ??= import('./schemas.ts'));
