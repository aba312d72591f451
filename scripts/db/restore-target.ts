// The moment `npm run db:restore -- --to TIMESTAMP` restores to.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { OperatorError } from './command.ts';

const USAGE =
  'Usage: npm run db:restore -- --to 2026-11-26T14:30:00Z (ISO 8601 with Z or an offset such as +02:00)';
const isoTimestamp = z.iso.datetime({ offset: true });
/** The moment `--to` names, refused when it is missing, not ISO 8601 with an offset, or later than `now`. */
export function restoreTarget(args: string[], now: Date): { text: string; at: Date } {
  let to: string | undefined;
  try {
    ({ to } = parseArgs({ args, options: { to: { type: 'string' } } }).values);
  } catch (error) {
    throw new OperatorError(`${(error as Error).message}\n${USAGE}`);
  }
  if (!to) throw new OperatorError(`--to is required.\n${USAGE}`);
  const at = new Date(to);
  if (!isoTimestamp.safeParse(to).success || Number.isNaN(at.getTime()))
    throw new OperatorError(`--to ${to} is not an ISO 8601 date and time with its offset.\n${USAGE}`);
  if (at > now)
    throw new OperatorError(
      `--to ${to} is in the future (it is now ${now.toISOString()}): nothing after now can be restored.`,
    );
  return { text: to, at };
}
