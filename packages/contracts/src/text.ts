// The one rule every text a client sends obeys, whatever field it is in: no NUL character (U+0000) and no unpaired
// UTF-16 surrogate. PostgreSQL cannot store either in text or jsonb (it failed with a 500), and neither is ever
// part of a real name, message or address. Checked on the whole input at the edge (service-kit's parseInput),
// so every field of every request, present and future, body, query and path, is covered by this one rule.

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const NUL_CHARACTER = 'must not contain a NUL character (U+0000)';
export const LONE_SURROGATE_CHARACTER = 'must not contain an unpaired surrogate (invalid Unicode)';

/** Why `text` cannot be accepted, or null when it can. */
export function unsafeTextProblem(text: string): string | null {
  if (text.includes('\u0000')) return NUL_CHARACTER;
  if (LONE_SURROGATE.test(text)) return LONE_SURROGATE_CHARACTER;
  return null;
}

export interface UnsafeText {
  /** Where it is, as zod paths are (`["user", "name"]`); a bad key is named by the key's own path. */
  path: (string | number)[];
  /** `<field> must not contain …` */
  message: string;
}

/** The field a path names, the way the contracts' messages name fields. */
const fieldName = (path: (string | number)[]): string =>
  path.length > 0 ? path.map(String).join('.') : 'Request body';

/** The first string (value or key) in `input` that breaks the rule, or null. Walks plain JSON-like data. */
export function findUnsafeText(input: unknown, path: (string | number)[] = []): UnsafeText | null {
  if (typeof input === 'string') {
    const problem = unsafeTextProblem(input);
    return problem ? { path, message: `${fieldName(path)} ${problem}` } : null;
  }
  if (Array.isArray(input)) {
    for (const [index, item] of input.entries()) {
      const found = findUnsafeText(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (typeof input === 'object' && input !== null) {
    for (const [key, value] of Object.entries(input)) {
      const keyProblem = unsafeTextProblem(key);
      // The key itself cannot be printed safely: name where it is and say it is a field name.
      if (keyProblem) return { path, message: `A field name in ${fieldName(path)} ${keyProblem}` };
      const found = findUnsafeText(value, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
