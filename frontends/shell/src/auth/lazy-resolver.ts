// A react-hook-form resolver that loads its zod schema on first use (first focus or submit), then
// validates exactly like zodResolver(schema).
import type { FieldValues, Resolver } from 'react-hook-form';
import type * as SchemasModule from './schemas.ts';

type Schemas = typeof SchemasModule;

let schemas: Promise<Schemas> | undefined;
/** Starts loading the schemas; call it when a form gets focus. */
export const loadSchemas = (): Promise<Schemas> => (schemas ??= import('./schemas.ts'));

export function lazyZodResolver<Input extends FieldValues, Output>(
  pick: (s: Schemas) => Parameters<Schemas['zodResolver']>[0],
): Resolver<Input, unknown, Output> {
  let resolver: Resolver<Input, unknown, Output> | undefined;
  return async (values, context, options) => {
    const loaded = await loadSchemas();
    resolver ??= loaded.zodResolver(pick(loaded)) as unknown as Resolver<Input, unknown, Output>;
    return resolver(values, context, options);
  };
}
