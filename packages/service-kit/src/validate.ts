import type { z } from '@cropvest/contracts';
import { findUnsafeText } from '@cropvest/contracts/text';
import { ValidationError } from './errors.ts';

/**
 * Parses untrusted input with a contract schema; the first problem becomes the message, all are listed. Any text
 * in the input, in any field, with a NUL character or an unpaired surrogate is refused first, naming the field
 * (packages/contracts/src/text.ts): no schema has to remember it, and nothing reaches PostgreSQL that it cannot store.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const unsafe = findUnsafeText(input);
  if (unsafe)
    throw new ValidationError(unsafe.message, [
      { path: unsafe.path.map(String).join('.'), message: unsafe.message },
    ]);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw new ValidationError(issues[0]?.message ?? 'Invalid input', issues);
}
