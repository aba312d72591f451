// Reading a JSON request body: its text is read within the size limit, its nesting is counted over that raw text,
// and only then is it parsed. A body of brackets nested 40,000 deep is 80 KB, well within the size limit, and
// once parsed into objects every recursive walk over it (validation, the text rule, logging) overflows the
// stack: the count refuses it before any object exists (decision 0085).
import type { Context } from 'koa';
import coBody from 'co-body';
import bourne from '@hapi/bourne';
import { BadRequestError } from './errors.ts';
import { discardBody } from './uploads.ts';

/** The deepest a body may nest arrays and objects; every contract's body is a few levels deep. */
export const MAX_JSON_DEPTH = 64;

export const BODY_TOO_LARGE = 'Request body is too large';
export const BODY_NOT_JSON = 'Request body is not valid JSON';
export const BODY_TOO_DEEP = `Request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of arrays and objects`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether the JSON text `text` opens more than `limit` arrays and objects inside one another. One pass, no
 * recursion and no parsing: brackets inside strings do not count, and a backslash in a string escapes the next
 * character (so `\"` does not end it). Text that is not valid JSON may pass; the parser refuses it next.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) depth -= 1;
  }
  return false;
}

/** A body must be an object or an array (RFC 8259 whitespace before it), as every contract's body is. */
const OBJECT_OR_ARRAY = /^[ \t\n\r]*[[{]/;

/**
 * The JSON body of `ctx`, read within `limit` (bytes, or a string such as `100kb`), nesting checked, then parsed.
 * An empty body is `{}`. A `__proto__` key is refused as invalid JSON rather than parsed.
 */
export async function readJsonBody(ctx: Context, limit: string | number): Promise<unknown> {
  let text: string;
  try {
    text = await coBody.text(ctx, { limit, encoding: 'utf-8' });
  } catch (error) {
    // The reader stops at the limit and leaves the rest unread; a connection holding it cannot carry the next
    // request, and one closed with it unread resets before the proxy has read the answer. So it is read and dropped
    // (within discardBody's bound) before the refusal is sent.
    await discardBody(ctx.req);
    // The reader's refusals (size, length mismatch, charset, content encoding) carry their status.
    const status = (error as { status?: number }).status ?? 400;
    ctx.throw(status, status === 413 ? BODY_TOO_LARGE : BODY_NOT_JSON);
  }
  if (!text) return {};
  if (!OBJECT_OR_ARRAY.test(text)) throw new BadRequestError(BODY_NOT_JSON);
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw new BadRequestError(BODY_TOO_DEEP);
  try {
    return bourne.parse(text, { protoAction: 'error' }) as unknown;
  } catch {
    throw new BadRequestError(BODY_NOT_JSON);
  }
}

declare module 'koa' {
  interface Request {
    /** The parsed JSON body of a POST, PUT or PATCH (readJsonBody); `{}` when none was sent. */
    body?: unknown;
  }
}
