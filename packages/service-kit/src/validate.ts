import type { z } from '@cropvest/contracts';
import { ValidationError } from './errors.ts';

/** Parses untrusted input with a contract schema; the first problem becomes the message, all are listed. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw new ValidationError(issues[0]?.message ?? 'Invalid input', issues);
}
