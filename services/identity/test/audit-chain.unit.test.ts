// The audit chain's canonical form and checks (decision 0066), pinned: a change to the form would make every
// stored hash fail, so the expected text and hash are written out here.
import { describe, expect, it } from '@jest/globals';
import {
  canonicalJson,
  chainStart,
  chainTime,
  checkNext,
  entryHash,
  GENESIS_HASH,
  type StoredEntry,
} from '../src/domain/audit-chain.ts';

const first = {
  seq: 1,
  id: '0190c7a4-7a00-7000-8000-000000000001',
  adminId: '0190c7a4-7a00-7000-8000-0000000000aa',
  action: 'deposit_approve',
  targetId: 'dep-1',
  targetType: 'deposit',
  details: { userId: 'u-1', amount: '42.50000000', nested: { b: [1, 'x', null], a: true } },
  ipAddress: '203.0.113.7',
  source: 'wallet',
  createdAt: '2026-11-23T01:02:03.456000Z',
  prevHash: GENESIS_HASH,
};

describe('canonical JSON', () => {
  it('sorts members by UTF-16 code units at every depth, writes no whitespace, drops undefined members', () => {
    expect(
      canonicalJson({ b: 1, a: { d: undefined, c: 'é\n"' }, B: [2, 1.5, -0, 1e21], '€': null, é: 0 }),
    ).toBe('{"B":[2,1.5,0,1e+21],"a":{"c":"é\\n\\""},"b":1,"é":0,"€":null}');
  });

  it('refuses numbers JSON cannot hold', () => {
    expect(() => canonicalJson({ n: Number.NaN })).toThrow(TypeError);
  });

  it('writes a time in UTC with microseconds', () => {
    expect(chainTime('2026-11-23T03:02:03.456+02:00')).toBe('2026-11-23T01:02:03.456000Z');
  });
});

describe('entry hash', () => {
  it('is sha256 over the canonical form of the chained fields only', () => {
    expect(canonicalJson(first)).toBe(
      '{"action":"deposit_approve","adminId":"0190c7a4-7a00-7000-8000-0000000000aa","createdAt":"2026-11-23T01:02:03.456000Z",' +
        '"details":{"amount":"42.50000000","nested":{"a":true,"b":[1,"x",null]},"userId":"u-1"},' +
        '"id":"0190c7a4-7a00-7000-8000-000000000001","ipAddress":"203.0.113.7",' +
        `"prevHash":"${GENESIS_HASH}","seq":1,"source":"wallet","targetId":"dep-1","targetType":"deposit"}`,
    );
    // Computed apart from this code: printf '%s' '<the text above>' | sha256sum
    expect(entryHash(first)).toBe('cd8ba17f432e30c80dbc5dffb653181cb17f12584ca22c8101c4ed99a63b0097');
    expect(entryHash({ ...first, hash: 'ignored' } as StoredEntry)).toBe(entryHash(first));
  });
});

describe('checking the next entry', () => {
  const stored = (fields: typeof first): StoredEntry => ({ ...fields, hash: entryHash(fields) });
  const one = stored(first);
  const two = stored({ ...first, seq: 2, id: '0190c7a4-7a00-7000-8000-000000000002', prevHash: one.hash });

  it('accepts a chain whose positions follow, links match and hashes fit', () => {
    expect(checkNext(chainStart, one)).toBeNull();
    expect(checkNext({ verified: 1, lastHash: one.hash }, two)).toBeNull();
  });

  it('names a gap, a wrong link and changed content', () => {
    expect(checkNext(chainStart, two)).toMatchObject({ problem: 'sequence', position: 2, id: two.id });
    expect(checkNext({ verified: 1, lastHash: 'f'.repeat(64) }, two)).toMatchObject({
      problem: 'link',
      expected: 'f'.repeat(64),
      found: one.hash,
    });
    expect(checkNext(chainStart, { ...one, ipAddress: '198.51.100.1' })).toMatchObject({
      problem: 'content',
      found: one.hash,
    });
  });
});
