// The rules of a reconciliation and of merging what each investor is owed (decision 0082), without infrastructure.
import { describe, expect, it } from '@jest/globals';
import {
  assess,
  coverageRatio,
  liabilitiesTotal,
  proofDue,
  reconcileDue,
  shortfallEpisode,
} from '../src/domain/reserves.ts';
import { mergeOwed, type OwedAmount } from '../src/domain/liabilities.ts';

describe('assessing a run', () => {
  it('adds the four kinds of liability exactly, to the last decimal', () => {
    expect(
      liabilitiesTotal({
        available: '0.10000001',
        held: '0.20000002',
        invested: '9999999999.00000003',
        accruedInterest: '0.00000004',
      }),
    ).toBe('9999999999.30000010');
  });

  it('is covered when the reserves read reach the liabilities, even with a network unread', () => {
    expect(assess('100.00000000', '100.00000000', true)).toEqual({
      status: 'covered',
      shortfall: '0.00000000',
    });
    expect(assess('150.00000000', '100.00000000', false)).toEqual({
      status: 'covered',
      shortfall: '0.00000000',
    });
  });

  it('is short by the difference when every network was read and they do not', () => {
    expect(assess('99.99999999', '100.00000000', true)).toEqual({ status: 'short', shortfall: '0.00000001' });
  });

  it('is incomplete, not short, when a network is unread and what was read does not cover them', () => {
    expect(assess('40.00000000', '100.00000000', false)).toEqual({
      status: 'incomplete',
      shortfall: '60.00000000',
    });
  });

  it('states coverage to 4 places rounded down, and none when nothing is owed', () => {
    expect(coverageRatio('2.00000000', '3.00000000')).toBe('0.6666');
    expect(coverageRatio('0.99999999', '1.00000000')).toBe('0.9999');
    expect(coverageRatio('5.00000000', '0.00000000')).toBeNull();
  });
});

describe('a shortfall episode', () => {
  it('starts with the first short run after a covered one or none, once', () => {
    expect(shortfallEpisode(null, 'short')).toBe('started');
    expect(shortfallEpisode('covered', 'short')).toBe('started');
    expect(shortfallEpisode('short', 'short')).toBe('unchanged');
  });

  it('ends with a covered run, and an incomplete run decides nothing', () => {
    expect(shortfallEpisode('short', 'covered')).toBe('ended');
    expect(shortfallEpisode('short', 'incomplete')).toBe('unchanged');
    expect(shortfallEpisode('covered', 'incomplete')).toBe('unchanged');
    expect(shortfallEpisode(null, 'covered')).toBe('unchanged');
  });
});

describe('when the schedule runs', () => {
  const at = (iso: string) => new Date(iso);
  const TEN_MINUTES = 600_000;
  const TICK = 60_000;

  it('reconciles at first, then an interval after the last run started (within half a tick)', () => {
    const now = at('2026-11-26T12:00:00Z');
    expect(reconcileDue(null, TEN_MINUTES, TICK, now)).toBe(true);
    expect(reconcileDue(at('2026-11-26T11:50:31Z'), TEN_MINUTES, TICK, now)).toBe(false);
    expect(reconcileDue(at('2026-11-26T11:50:30Z'), TEN_MINUTES, TICK, now)).toBe(true);
  });

  it('builds the proof once a UTC day, from the build hour on', () => {
    expect(proofDue(null, 1, at('2026-11-26T00:59:59Z'))).toBe(false);
    expect(proofDue(null, 1, at('2026-11-26T01:00:00Z'))).toBe(true);
    expect(proofDue(at('2026-11-26T00:30:00Z'), 1, at('2026-11-26T23:00:00Z'))).toBe(false);
    expect(proofDue(at('2026-11-25T23:59:59Z'), 1, at('2026-11-26T01:00:00Z'))).toBe(true);
  });
});

describe("merging the wallet's and the plans service's pages", () => {
  async function* source(...items: OwedAmount[]) {
    yield* items;
  }
  const collect = async <T>(iterable: AsyncIterable<T>) => {
    const out: T[] = [];
    for await (const item of iterable) out.push(item);
    return out;
  };
  const A = '0190a000-0000-7000-8000-000000000001';
  const B = '0190a000-0000-7000-8000-000000000002';
  const C = '0190a000-0000-7000-8000-000000000003';

  it('adds what both say of one user and keeps those only one of them owes, in user id order', async () => {
    const merged = await collect(
      mergeOwed(
        source({ userId: A, amount: '10.00000000' }, { userId: C, amount: '0.00000001' }),
        source({ userId: A, amount: '0.50000000' }, { userId: B, amount: '2.25000000' }),
      ),
    );
    expect(merged).toEqual([
      { userId: A, units: 1_050_000_000n },
      { userId: B, units: 225_000_000n },
      { userId: C, units: 1n },
    ]);
  });

  it('answers nothing when nobody is owed anything', async () => {
    expect(await collect(mergeOwed(source(), source()))).toEqual([]);
  });

  it('refuses a source out of user id order rather than count someone twice', async () => {
    await expect(
      collect(mergeOwed(source({ userId: B, amount: '1' }, { userId: A, amount: '1' }), source())),
    ).rejects.toThrow('wallet listed user');
  });
});
