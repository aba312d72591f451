// Money arithmetic for display (sums and projections on dashboards), in decimals, never floats.
// The spec's projections (section 9): daily = principal × rate / 100; total = daily × durationDays.
import Decimal from 'decimal.js';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_EVEN });

/** Adds decimal strings; returns a plain decimal string with 8 places. */
export function sumAmounts(values: (string | null | undefined)[]): string {
  return values.reduce((total, value) => (value ? total.plus(new D(value)) : total), new D(0)).toFixed(8);
}

export function dailyEarnings(principal: string, dailyRatePercent: string): string {
  return new D(principal).times(dailyRatePercent).dividedBy(100).toFixed(8);
}

export function projectedTotalReturn(
  principal: string,
  dailyRatePercent: string,
  durationDays: number,
): string {
  return new D(dailyEarnings(principal, dailyRatePercent)).times(durationDays).toFixed(8);
}

/**
 * Interest over `days` days when it compounds daily, as the accrual credits it: each day earns half-even to 8
 * places of (principal + the interest so far) × rate / 100. A decimal string with 8 places.
 */
export function projectedCompoundReturn(principal: string, dailyRatePercent: string, days: number): string {
  let earned = new D(0);
  for (let day = 0; day < days; day++)
    earned = earned.plus(
      new D(principal).plus(earned).times(dailyRatePercent).dividedBy(100).toDecimalPlaces(8),
    );
  return earned.toFixed(8);
}

/** amount × factor (a price times a whole number of slots, say); a plain decimal string with 8 places. */
export function multiplyAmount(amount: string, factor: string | number): string {
  return new D(amount).times(factor).toFixed(8);
}

/** a − b as a decimal string with 8 places (negative when b is larger). */
export function subtractAmounts(a: string, b: string): string {
  return new D(a).minus(b).toFixed(8);
}

/** -1, 0 or 1 as a is below, equal to or above b ("100" equals "100.00000000"). */
export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  return new D(a).comparedTo(b) as -1 | 0 | 1;
}
