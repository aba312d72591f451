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
