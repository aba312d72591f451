// The mix's arithmetic (bench/mix/mix.ts): exact proportions, arrival times, nearest-rank percentiles.
import { describe, expect, it } from '@jest/globals';
import { arrivalTimes, MixPicker, percentile, requestShares, requestsPerAction } from '../mix.ts';

const MIX = [
  { kind: 'read', weight: 7, requests: 4 },
  { kind: 'browse', weight: 2, requests: 1 },
  { kind: 'pay', weight: 1, requests: 2 },
] as const;

describe('the mix picker', () => {
  it('gives each kind exactly its weight in every run of the total', () => {
    const picker = new MixPicker([...MIX]);
    for (let round = 0; round < 3; round++) {
      const counts = new Map<string, number>();
      for (let i = 0; i < 10; i++) {
        const kind = picker.next();
        counts.set(kind, (counts.get(kind) ?? 0) + 1);
      }
      expect(Object.fromEntries(counts)).toEqual({ read: 7, browse: 2, pay: 1 });
    }
  });

  it('spreads a frequent kind instead of bunching it', () => {
    const picker = new MixPicker([...MIX]);
    const picks = Array.from({ length: 10 }, () => picker.next());
    const longestRun = picks.reduce(
      (acc, kind, i) => {
        const run = kind === picks[i - 1] ? acc.run + 1 : 1;
        return { run, longest: Math.max(acc.longest, run) };
      },
      { run: 0, longest: 0 },
    ).longest;
    expect(longestRun).toBeLessThanOrEqual(3);
  });

  it('refuses an empty mix and a weight that is not positive', () => {
    expect(() => new MixPicker([])).toThrow();
    expect(() => new MixPicker([{ kind: 'read', weight: 0, requests: 1 }])).toThrow();
  });
});

describe('requests of the mix', () => {
  it('averages the requests an action sends over the weights', () => {
    // (7 × 4 + 2 × 1 + 1 × 2) / 10
    expect(requestsPerAction([...MIX])).toBeCloseTo(3.2);
  });

  it("gives each kind's share of the requests", () => {
    const shares = requestShares([...MIX]);
    expect(shares.get('read')).toBeCloseTo(28 / 32);
    expect(shares.get('browse')).toBeCloseTo(2 / 32);
    expect(shares.get('pay')).toBeCloseTo(2 / 32);
  });
});

describe('arrival times', () => {
  it('spaces the arrivals evenly over the step', () => {
    expect(arrivalTimes(4, 1)).toEqual([0, 250, 500, 750]);
    expect(arrivalTimes(100, 15)).toHaveLength(1500);
  });

  it('has none for no rate or no time', () => {
    expect(arrivalTimes(0, 10)).toEqual([]);
    expect(arrivalTimes(10, 0)).toEqual([]);
  });
});

describe('percentile', () => {
  const sorted = Array.from({ length: 100 }, (_, i) => i + 1);

  it('is the nearest rank', () => {
    expect(percentile(sorted, 0.5)).toBe(50);
    expect(percentile(sorted, 0.99)).toBe(99);
    expect(percentile(sorted, 1)).toBe(100);
    expect(percentile([7], 0.99)).toBe(7);
  });

  it('is 0 with nothing measured', () => {
    expect(percentile([], 0.99)).toBe(0);
  });
});
