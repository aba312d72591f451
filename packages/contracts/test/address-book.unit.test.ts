import { describe, expect, it } from '@jest/globals';
import {
  addressRuns,
  differingCount,
  findLookalike,
  isLookalike,
  lookalikeMessage,
} from '../src/wallet/address-book-rules.ts';

const REAL = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** Same first and last four characters, a different middle: what a poisoner's vanity generator makes. */
const FAKE = `${REAL.slice(0, 4)}Zz${REAL.slice(6)}`;

describe('the look-alike rule', () => {
  it('calls two addresses alike when the first and last four characters agree and the middle differs', () => {
    expect(FAKE).toHaveLength(REAL.length);
    expect(isLookalike(FAKE, REAL)).toBe(true);
    expect(isLookalike(REAL, FAKE)).toBe(true);
  });

  it('never calls an address a look-alike of itself, nor of one differing at either end', () => {
    expect(isLookalike(REAL, REAL)).toBe(false);
    expect(isLookalike(`TR7X${REAL.slice(4)}`, REAL)).toBe(false);
    expect(isLookalike(`${REAL.slice(0, -1)}u`, REAL)).toBe(false);
    // Case counts: base58 tells `j` from `J`.
    expect(isLookalike(`TR7n${REAL.slice(4)}`, REAL)).toBe(false);
    expect(isLookalike(`${REAL}x`, REAL)).toBe(false);
  });

  it('finds no look-alike for an address that is itself known, and the first one otherwise', () => {
    const known = [
      { address: 'TXYZ111111111111111111111111111abcd', source: 'withdrawal' },
      { address: REAL, source: 'saved' },
    ];
    expect(findLookalike(FAKE, known)).toEqual(known[1]);
    expect(findLookalike(REAL, [...known, { address: FAKE, source: 'withdrawal' }])).toBeNull();
    expect(findLookalike(FAKE, [known[0] as { address: string }])).toBeNull();
  });

  it('cuts an address into runs marked where it differs, and counts the differences', () => {
    expect(addressRuns(FAKE, REAL)).toEqual([
      { text: 'TR7N', differs: false },
      { text: 'Zz', differs: true },
      { text: REAL.slice(6), differs: false },
    ]);
    expect(addressRuns('TAbcdXfghY', 'TAbcdefghi').map((run) => run.differs)).toEqual([
      false,
      true,
      false,
      true,
    ]);
    expect(differingCount(FAKE, REAL)).toBe(2);
    expect(differingCount(REAL, REAL)).toBe(0);
  });

  it('names the look-alike and its label in the refusal', () => {
    const message = lookalikeMessage(FAKE, { address: REAL, source: 'saved', label: 'Exchange' });
    expect(message).toContain(REAL);
    expect(message).toContain('"Exchange"');
    expect(lookalikeMessage(FAKE, { address: REAL, source: 'withdrawal', label: null })).toContain(
      'an address you withdrew to before',
    );
  });
});
