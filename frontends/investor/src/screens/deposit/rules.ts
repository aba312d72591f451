// The deposit screen's pure rules (spec sections 5 and 9): the amount rule shared with withdrawals, what a
// deposit proof may be (the wallet's own limits, services/wallet + service-kit uploads), the platform
// wallet's availability, and the request body. No React, no zod: unit-tested in test/deposit.unit.test.ts.
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { DepositRequest, NetworkType, WalletSettings } from '@cropvest/contracts/wallet';
import type { z } from '@cropvest/contracts/zod';
import { compareAmounts } from '@cropvest/contracts/money';

/** Minimum deposit and withdrawal input, and the input step (spec section 9). */
export const MIN_AMOUNT = '1';
export const AMOUNT_STEP = '0.01';
const STEP_DECIMALS = 2;
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

export const INSUFFICIENT_BALANCE = 'Insufficient balance';

/**
 * The amount field's rule: required, a plain decimal, whole cents (step 0.01), at least 1 and, when `max` is
 * given (a withdrawal: the balance), not above it ('Insufficient balance'). Returns the message or null.
 */
export function transferAmountProblem(value: string | null | undefined, max?: string | null): string | null {
  const text = (value ?? '').trim();
  if (!text) return 'Amount is required';
  if (!PLAIN_DECIMAL.test(text)) return 'Amount must be a number';
  const fraction = text.split('.')[1] ?? '';
  if (fraction.length > STEP_DECIMALS) return `Amount can have at most ${STEP_DECIMALS} decimal places`;
  if (compareAmounts(text, MIN_AMOUNT) < 0) return 'Amount must be at least 1';
  if (max != null && PLAIN_DECIMAL.test(max) && compareAmounts(text, max) > 0) return INSUFFICIENT_BALANCE;
  return null;
}

/** Field problems found in the browser, by field name (absent or null when the field is fine). */
export type FieldProblems<Input> = Partial<Record<keyof Input & string, string | null>>;

/**
 * Runs the screen's own checks beside the contract's resolver: the contract still parses the values (and its
 * output is what gets sent), but a field the screen's rule refuses shows the screen's message.
 */
export function withFieldChecks<Input extends FieldValues, Output>(
  check: (values: Input) => FieldProblems<Input>,
  contract: Resolver<Input, unknown, Output>,
): Resolver<Input, unknown, Output> {
  return async (values, context, options) => {
    const result = await contract(values, context, options);
    const problems = Object.entries(check(values)).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    );
    if (problems.length === 0) return result;
    const errors: Record<string, { type: string; message: string }> = {
      ...(result.errors as Record<string, { type: string; message: string }>),
    };
    for (const [name, message] of problems) errors[name] = { type: 'validate', message };
    return { values: {}, errors: errors as FieldErrors<Input> };
  };
}

// ---- the deposit form ----

export interface DepositFormInput {
  amount: string;
  txid: string;
}
export type DepositFormValues = z.output<typeof DepositRequest>;

export const depositProblems = (values: DepositFormInput): FieldProblems<DepositFormInput> => ({
  amount: transferAmountProblem(values.amount),
});

/** POST /api/deposits: the amount, the transaction id when given, the proof's object path when uploaded. */
export function depositBody(
  values: Pick<DepositFormValues, 'amount' | 'txid'>,
  proofPath: string | null,
): { amount: string; txid?: string; screenshotUrl?: string } {
  const txid = values.txid?.trim();
  return {
    amount: values.amount,
    ...(txid ? { txid } : {}),
    ...(proofPath ? { screenshotUrl: proofPath } : {}),
  };
}

// ---- the proof upload: what the wallet accepts (it sniffs the type from the file's first bytes) ----

export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const PROOF_ACCEPT: Record<string, string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'application/pdf': ['.pdf'],
};
export const PROOF_HINT = 'A screenshot or receipt: PNG, JPEG, GIF, WebP or PDF, up to 5 MB. Optional.';

// ---- the platform wallet ----

const NETWORK_NAMES: Record<NetworkType, string> = {
  TRC20: 'TRON (TRC-20)',
  ERC20: 'Ethereum (ERC-20)',
  BEP20: 'BNB Smart Chain (BEP-20)',
};
export const networkName = (network: NetworkType): string => NETWORK_NAMES[network] ?? network;

export type WalletAvailability =
  | { ready: true; address: string; network: NetworkType }
  | { ready: false; reason: 'not-configured' | 'inactive' };

/** The platform wallet is usable only once an admin configured an address and while it is active. */
export function walletAvailability(settings: WalletSettings | null | undefined): WalletAvailability {
  if (!settings || !settings.usdtWalletAddress.trim()) return { ready: false, reason: 'not-configured' };
  if (!settings.isActive) return { ready: false, reason: 'inactive' };
  return { ready: true, address: settings.usdtWalletAddress.trim(), network: settings.networkType };
}
