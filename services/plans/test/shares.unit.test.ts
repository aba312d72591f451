import { describe, expect, it } from '@jest/globals';
import { MoneyDecimal } from '@cropvest/contracts';
import { shareProRata } from '../src/domain/shares.ts';

const sum = (parts: string[]) =>
  parts.reduce((total, part) => total.plus(part), new MoneyDecimal(0)).toFixed(8);

describe('pro rata shares by largest remainder', () => {
  it('splits exactly, the leftover units to the largest remainders', () => {
    // 1 over three equal weights: 0.33333333 each and one unit left, to the first (ties to the earlier).
    expect(shareProRata('1', ['10', '10', '10'])).toEqual(['0.33333334', '0.33333333', '0.33333333']);
    // 100 over 1 : 2: exact thirds of 100 are 33.333333333 and 66.666666666; the larger remainder gets the unit.
    expect(shareProRata('100', ['1', '2'])).toEqual(['33.33333333', '66.66666667']);
  });

  it('always adds up to the amount and never exceeds a weight', () => {
    const weights = ['370.37036703', '100.00000020', '0.00000001', '999.99999999', '123.45678901'];
    for (const amount of ['0.00000001', '1', '777.77777777', '1593.82715624']) {
      const parts = shareProRata(amount, weights);
      expect(sum(parts)).toBe(new MoneyDecimal(amount).toFixed(8));
      parts.forEach((part, i) => expect(new MoneyDecimal(part).lte(weights[i] as string)).toBe(true));
    }
    // The whole total: each part is exactly its weight.
    expect(shareProRata('1593.82715624', weights)).toEqual(weights);
  });

  it('gives nothing when there is nothing to weigh', () => {
    expect(shareProRata('5', ['0', '0'])).toEqual(['0.00000000', '0.00000000']);
    expect(shareProRata('0', ['1', '2'])).toEqual(['0.00000000', '0.00000000']);
  });
});
