// The withdraw screen's pure rules (spec sections 5 and 9): amount at least 1, whole cents, not above the
// balance ('Insufficient balance'); the destination checked in the browser exactly as the wallet checks it
// (TRC-20 base58check, @cropvest/contracts/addresses) before anything is sent. Unit-tested in
// test/withdraw.unit.test.ts.
import { checkTronAddress } from '@cropvest/contracts/chain/addresses';
import type { WithdrawalRequest } from '@cropvest/contracts/wallet/model';
import type { z } from '@cropvest/contracts/zod';
import { compareAmounts } from '@cropvest/contracts/money';
import { MIN_AMOUNT, transferAmountProblem, type FieldProblems } from '../deposit/rules.ts';

export interface WithdrawFormInput {
  amount: string;
  walletAddress: string;
  /** The tick under the look-alike warning (decision 0097); the wallet refuses a look-alike without it. */
  confirmLookalike?: boolean;
}
export type WithdrawFormValues = z.output<typeof WithdrawalRequest>;

/** The destination's problem in the wallet's own words, or null for a valid TRC-20 address. */
export function walletAddressProblem(value: string | null | undefined): string | null {
  const address = (value ?? '').trim();
  if (!address) return 'Wallet address is required';
  const check = checkTronAddress(address);
  return check.ok ? null : check.message;
}

export const withdrawalProblems = (
  values: WithdrawFormInput,
  balance: string | null | undefined,
): FieldProblems<WithdrawFormInput> => ({
  amount: transferAmountProblem(values.amount, balance ?? null),
  walletAddress: walletAddressProblem(values.walletAddress),
});

/**
 * The most the form accepts: the balance cut down to whole cents (the input's step), or null when that is
 * below the 1 USDT minimum. Works on the decimal string, never a float.
 */
export function maxWithdrawable(balance: string | null | undefined): string | null {
  const text = (balance ?? '').trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const cents = `${whole.replace(/^0+(?=\d)/, '')}.${fraction.padEnd(2, '0').slice(0, 2)}`;
  return compareAmounts(cents, MIN_AMOUNT) < 0 ? null : cents;
}
