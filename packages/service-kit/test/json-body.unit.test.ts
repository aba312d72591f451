import { describe, expect, it } from '@jest/globals';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../src/json-body.ts';

const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const objects = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;

describe('nestsDeeperThan', () => {
  it('passes nesting exactly at the bound and refuses one level deeper, arrays and objects alike', () => {
    for (const nested of [arrays, objects]) {
      expect(JSON.parse(nested(MAX_JSON_DEPTH))).toBeDefined();
      expect(nestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
      expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    }
  });

  it('counts arrays and objects mixed, and siblings do not add up', () => {
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestsDeeperThan(`[${Array(1000).fill('[[1]]').join(',')}]`, 3)).toBe(false);
  });

  it('does not count brackets inside strings, in values or keys', () => {
    const deepText = '['.repeat(500) + '{'.repeat(500);
    expect(nestsDeeperThan(JSON.stringify({ note: deepText, [deepText]: [1] }), 2)).toBe(false);
  });

  it('honours escaped quotes and backslashes inside strings', () => {
    // `\"` does not end the string, so the brackets after it are still text.
    expect(nestsDeeperThan(JSON.stringify({ a: '\\"[[[[' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: '"[[[[' }), 1)).toBe(false);
    // `\\` is one escaped backslash: the quote after it does end the string, and the brackets then count.
    expect(nestsDeeperThan('{"a":"\\\\",  "b":[[[1]]]}', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":"\\\\",  "b":[[[1]]]}', 4)).toBe(false);
  });

  it('scans 40,000 levels without recursion', () => {
    expect(nestsDeeperThan(arrays(40_000), MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan(objects(40_000), MAX_JSON_DEPTH)).toBe(true);
  });
});
