// Splitting an amount over weights, exact to 8 places (docs/decisions/0091): each part is the floor of its exact
// pro rata share, and the units left over go one each to the largest remainders (ties to the earlier weight, in
// the order given), so the parts always add up to the amount and none exceeds its weight when the amount does not
// exceed their total.
import { MoneyDecimal } from '@cropvest/contracts';

const UNITS = 100_000_000n;

const toUnits = (amount: string): bigint =>
  BigInt(new MoneyDecimal(amount).times(UNITS.toString()).toFixed(0));
const fromUnits = (units: bigint): string =>
  new MoneyDecimal(units.toString()).dividedBy(UNITS.toString()).toFixed(8);

/** `amount` split pro rata over `weights` (same order); every weight and the amount are 8-place amounts. */
export function shareProRata(amount: string, weights: string[]): string[] {
  const total = weights.reduce((sum, weight) => sum + toUnits(weight), 0n);
  if (total === 0n) return weights.map(() => fromUnits(0n));
  const target = toUnits(amount);
  const parts = weights.map((weight, index) => {
    const exact = target * toUnits(weight);
    return { index, units: exact / total, remainder: exact % total };
  });
  let left = target - parts.reduce((sum, part) => sum + part.units, 0n);
  const byRemainder = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const part of byRemainder) {
    if (left === 0n) break;
    part.units += 1n;
    left -= 1n;
  }
  return parts.map((part) => fromUnits(part.units));
}
