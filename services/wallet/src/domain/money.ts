// Money math: decimal strings in, decimal strings out, half-even to 8 places (ARCHITECTURE.md section 4).
import { MoneyDecimal } from '@cropvest/contracts';

export const SCALE = 8;

export const money = (value: string | number | MoneyDecimal): MoneyDecimal =>
  new MoneyDecimal(value).toDecimalPlaces(SCALE, MoneyDecimal.ROUND_HALF_EVEN);
/** Canonical wire form: "12.50000000". */
export const toMoneyString = (value: string | MoneyDecimal): string => money(value).toFixed(SCALE);
export const add = (a: string, b: string): string => toMoneyString(money(a).plus(b));
export const sub = (a: string, b: string): string => toMoneyString(money(a).minus(b));
export const isZero = (a: string): boolean => money(a).isZero();
export const lessThan = (a: string, b: string): boolean => money(a).lessThan(b);
export const sameAmount = (a: string, b: string): boolean => money(a).equals(b);
