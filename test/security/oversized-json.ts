// JSON bodies that are valid JSON and small enough to be read, but whose shape strains whoever handles them after
// parsing: nesting far past the services' bound (decision 0085), numbers no double holds, a key of 80 KB, and
// thousands of keys. Written as raw text, since JSON.stringify cannot write 1e400 (it writes null). Each stays
// within 80 KB, the size of 40,000 nested arrays, below the services' 100 KB limit.

/** The largest body these shapes take. */
export const OVERSIZED_BODY_BYTES = 80 * 1000;

export const nestedArrays = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;
/** Objects in objects under the empty key: 5 bytes a level. */
export const nestedObjects = (depth: number): string =>
  `${'{"":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;
/** The deepest nestedObjects within OVERSIZED_BODY_BYTES (16,000 levels). */
export const DEEP_OBJECTS = Math.floor(OVERSIZED_BODY_BYTES / 5);

/** Numbers past any double (they parse as Infinity) or past any safe integer, written as JSON number literals. */
export const HUGE_NUMBERS = ['1e400', '-1e400', '9'.repeat(400), '1' + '0'.repeat(300)];
/** The same magnitudes as decimal strings, for money fields. */
export const HUGE_AMOUNTS = ['9'.repeat(400), `${'9'.repeat(200)}.${'9'.repeat(8)}`];

/** A key of 78 KB (room left for the rest of a body). */
export const LONG_KEY = 'k'.repeat(OVERSIZED_BODY_BYTES - 2000);

/** Levels of nestedObjects in 200 KB: past the 100 KB limit, refused by size before any nesting is counted. */
export const OBJECTS_PAST_LIMIT = 40_000;
/** A key of 100 KB, in a body just under the 100 KB (102,400 bytes) limit: read, then refused by its schema. */
export const LONG_KEY_NEAR_LIMIT = 'k'.repeat(100_000);
/** As many keys as make about 450 KB (manyKeys), past the limit. */
export const MANY_KEYS_PAST_LIMIT = 50_000;

/** `count` distinct short keys as JSON members (`"k0":0,"k1":0,…`), without braces. */
export const manyKeys = (count: number): string =>
  Array.from({ length: count }, (_, index) => `"k${index.toString(36)}":0`).join(',');
/** As many keys as fit beside `room` bytes of other content within OVERSIZED_BODY_BYTES. */
export const keysThatFit = (room: number): number => {
  let count = 0;
  let bytes = room;
  while (bytes + `"k${count.toString(36)}":0,`.length <= OVERSIZED_BODY_BYTES) {
    bytes += `"k${count.toString(36)}":0,`.length;
    count += 1;
  }
  return count;
};

const MARK = '\u0001splice\u0001';

/**
 * The JSON text of `body` with the value at `path` replaced by the raw JSON text `edit.raw`, or with the object at
 * `path` given the raw members `edit.members` besides its own.
 */
export function spliced(body: unknown, path: string[], edit: { raw: string } | { members: string }): string {
  const copy = structuredClone(body) as Record<string, unknown>;
  let node = copy;
  if ('raw' in edit) {
    for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
    node[path[path.length - 1] as string] = MARK;
    return JSON.stringify(copy).replace(JSON.stringify(MARK), () => edit.raw);
  }
  for (const key of path) node = node[key] as Record<string, unknown>;
  node[MARK] = 0;
  return JSON.stringify(copy).replace(`${JSON.stringify(MARK)}:0`, () => edit.members);
}
