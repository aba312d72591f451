// The half-even rounding of a day's interest, through the SQL that computes it: the function the purchase
// uses for an investment's daily interest and the accrual uses for each compounding day
// (round_half_even8(principal × rate × 0.01)), run in this service's schema. ARCHITECTURE.md section 4.
import { afterAll, describe, expect, it } from '@jest/globals';
import { closeConnections } from '../../../test/support/connections.ts';
import { plansDb } from './support.ts';

afterAll(closeConnections);

describe("a day's interest in SQL", () => {
  it.each([
    ['100.0000002', '2.50', '2.50000000'], // 2.500000005: a tie, the even neighbour below is kept (half-up would give ...01)
    ['100.0000006', '2.50', '2.50000002'], // 2.500000015: a tie, rounded up to the even neighbour
    ['100.00000002', '2.50', '2.50000000'], // 2.5000000005: below the tie
    ['370.37036703', '2.25', '8.33333326'], // 8.333333258175
    ['100', '0.05', '0.05000000'],
    ['1234.56789012', '0.01', '0.12345679'], // 0.123456789012
    ['9999999999.99999999', '999.99', '99998999999.99999990'],
    ['0.00000001', '0.01', '0.00000000'],
  ])('of %s at %s%% is %s (half-even to 8 places)', async (principal, rate, expected) => {
    const { rows } = await plansDb().raw<{ rows: { amount: string }[] }>(
      `SELECT round_half_even8(?::numeric * ?::numeric * 0.01)::numeric(30,8)::text AS amount`,
      [principal, rate],
    );
    expect(rows[0]?.amount).toBe(expected);
  });
});
