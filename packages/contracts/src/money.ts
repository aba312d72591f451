// Money arithmetic for every service and screen (ARCHITECTURE.md section 4): decimal strings in, decimal
// strings out with 8 places, rounded half to even; never a float. Only decimal.js, so a screen can import it
// without the schemas.
import { Decimal } from 'decimal.js';

export const MONEY_SCALE = 8;

/** Rounding for every amount in the system: half-even (toFixed and toDecimalPlaces use it). */
export const MoneyDecimal = Decimal.clone({
  precision: 40,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -30,
  toExpPos: 40,
});
export type MoneyDecimal = InstanceType<typeof MoneyDecimal>;

type Amount = string | number | MoneyDecimal;

export const money = (value: Amount): MoneyDecimal => new MoneyDecimal(value);

/** The wire form of an amount: "12.50000000". */
export const toMoneyString = (value: Amount): string => money(value).toFixed(MONEY_SCALE);

/**
 * An amount for a sentence people read and servers record: exact (never rounded), with at least 2 decimals and
 * none of the 8-place scale's trailing zeros beyond them: "1100.00", "0.12345678".
 */
export const readableAmount = (value: Amount): string =>
  toMoneyString(value).replace(/(\.\d\d\d*?)0+$/, '$1');

export const addAmounts = (a: Amount, b: Amount): string => toMoneyString(money(a).plus(b));

/** a − b (negative when b is larger). */
export const subtractAmounts = (a: Amount, b: Amount): string => toMoneyString(money(a).minus(b));

/** The sum of the amounts given; missing ones count as nothing. */
export const sumAmounts = (values: (string | null | undefined)[]): string =>
  toMoneyString(values.reduce((total, value) => (value ? total.plus(value) : total), money(0)));

/** amount × factor (a slot price times a number of slots, say). */
export const multiplyAmount = (amount: Amount, factor: string | number): string =>
  toMoneyString(money(amount).times(factor));

/** -1, 0 or 1 as a is below, equal to or above b ("100" equals "100.00000000"). */
export const compareAmounts = (a: Amount, b: Amount): -1 | 0 | 1 => money(a).comparedTo(b) as -1 | 0 | 1;

/** The same money whatever the scale: 100, "100.0" and "100.00000000". */
export const sameAmount = (a: Amount, b: Amount): boolean => money(a).equals(b);

/** The spec's projection (section 9): one day's interest, principal × rate / 100. */
export const dailyEarnings = (principal: Amount, dailyRatePercent: string): string =>
  toMoneyString(money(principal).times(dailyRatePercent).dividedBy(100));

/** The spec's projection (section 9): a day's interest times the days, without compounding. */
export const projectedTotalReturn = (principal: Amount, dailyRatePercent: string, days: number): string =>
  toMoneyString(money(dailyEarnings(principal, dailyRatePercent)).times(days));

/**
 * Interest over `days` days when it compounds daily, as the accrual credits it: each day earns half-even to 8
 * places of (principal + the interest so far) × rate / 100.
 */
export function projectedCompoundReturn(principal: Amount, dailyRatePercent: string, days: number): string {
  let earned = money(0);
  for (let day = 0; day < days; day++)
    earned = earned.plus(
      money(principal).plus(earned).times(dailyRatePercent).dividedBy(100).toDecimalPlaces(MONEY_SCALE),
    );
  return toMoneyString(earned);
}
