// Money math of plans and investments: decimal strings in, decimal strings out, never a float.
import { MoneyDecimal } from '@cropvest/contracts';

export const money = (value: string | number): InstanceType<typeof MoneyDecimal> => new MoneyDecimal(value);
export const toMoneyString = (value: InstanceType<typeof MoneyDecimal>): string =>
  value.toDecimalPlaces(8, MoneyDecimal.ROUND_HALF_EVEN).toFixed(8);

/** Principal = slot price × slots, exact (a numeric(18,8) price times a whole number). */
export const principalFor = (slotPrice: string, slots: number): string =>
  toMoneyString(money(slotPrice).times(slots));

/** Two amounts are the same money (100, "100.0" and "100.00000000" are equal). */
export const sameAmount = (a: string, b: string): boolean => money(a).equals(money(b));
