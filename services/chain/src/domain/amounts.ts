// Token amounts in base units (bigint) to the ledger's 8-decimal strings, and back for comparisons. BEP-20 USDT has
// 18 decimals: what the ledger cannot hold is cut off, never rounded up, so the platform never credits more
// than it received (decision 0080).
import { MONEY_SCALE } from '@cropvest/contracts';

const TEN = 10n;

/** Base units of a token with `decimals` as a ledger amount, truncated to 8 decimals: "150.00000000". */
export function unitsToMoney(raw: bigint, decimals: number): string {
  if (raw < 0n) throw new RangeError('a token amount is never negative');
  const ledgerUnits =
    decimals >= MONEY_SCALE
      ? raw / TEN ** BigInt(decimals - MONEY_SCALE)
      : raw * TEN ** BigInt(MONEY_SCALE - decimals);
  const digits = ledgerUnits.toString().padStart(MONEY_SCALE + 1, '0');
  return `${digits.slice(0, -MONEY_SCALE)}.${digits.slice(-MONEY_SCALE)}`;
}

/** A ledger amount ("1", "150.5") in a token's base units; exact, for amounts with at most `decimals` places. */
export function moneyToUnits(amount: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  const kept = fraction.replace(/0+$/, '');
  if (kept.length > decimals) throw new RangeError(`${amount} has more than ${decimals} decimals`);
  return BigInt(whole) * TEN ** BigInt(decimals) + BigInt(kept.padEnd(decimals, '0') || '0');
}
