// The deposit screen's pure rules (spec sections 5 and 9, docs/decisions/0080 and 0081): the amount rule shared
// with withdrawals, the transaction id checked for the chosen network, what a deposit proof may be (the wallet's
// own limits, services/wallet + service-kit uploads), the networks that take deposits, the request body, what a
// refusal of the request points at, and when the history is watched and what a decided deposit refreshes. No
// React, no zod: unit-tested in test/deposit.unit.test.ts.
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { ChainNetwork } from '@cropvest/contracts/chain/model';
import { checkTxid } from '@cropvest/contracts/chain/networks';
import type { Deposit, DepositRequest, NetworkType } from '@cropvest/contracts/wallet/model';
import type { z } from '@cropvest/contracts/zod';
import { compareAmounts } from '@cropvest/contracts/money';
import type { ZodType } from 'zod';
import { isApiError, toastMessage } from '@cropvest/web-kit/errors';
import { knownText } from '@cropvest/web-kit/known-texts';
import { lazyZodResolver } from '@cropvest/web-kit/form';
import { isVerdictOpen, NETWORK_ORDER } from '@cropvest/ui/chain-text';

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
  /** The network the USDT was sent on: the one chosen beside the address. */
  network: NetworkType;
}
export type DepositFormValues = z.output<typeof DepositRequest>;

/** The transaction id is optional (spec); given, it must be one of the chosen network's (the contract's check). */
export function txidProblem(network: NetworkType, value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  const result = checkTxid(network, text);
  return result.ok ? null : result.message;
}

export const depositProblems = (values: DepositFormInput): FieldProblems<DepositFormInput> => ({
  amount: transferAmountProblem(values.amount),
  txid: txidProblem(values.network, values.txid),
});

/** What the form's checks load on first use: the contract's schema. */
export interface DepositSchemas {
  DepositRequest: ZodType;
}

/**
 * The form's resolver: the contract parses the values (its output is what gets sent) and the screen's rules put
 * their own messages under the amount and the transaction id (checked for the network chosen). Nothing of zod
 * loads until the form is first used.
 */
export function depositResolver(
  load: () => Promise<DepositSchemas>,
): Resolver<DepositFormInput, unknown, DepositFormValues> {
  const contract = lazyZodResolver<DepositFormInput, DepositFormValues>(() =>
    load().then((schemas) => schemas.DepositRequest),
  );
  return withFieldChecks(depositProblems, contract);
}

export interface DepositBody {
  amount: string;
  network: NetworkType;
  txid?: string;
  screenshotUrl?: string;
}

/** POST /api/deposits: the amount, the network, the transaction id when given, the proof's path when uploaded. */
export function depositBody(
  values: Pick<DepositFormValues, 'amount' | 'txid' | 'network'>,
  proofPath: string | null,
): DepositBody {
  const txid = values.txid?.trim();
  return {
    amount: values.amount,
    network: values.network,
    ...(txid ? { txid } : {}),
    ...(proofPath ? { screenshotUrl: proofPath } : {}),
  };
}

/**
 * Where a refused request is shown: a transaction id another deposit holds (409 TXID_CLAIMED) under the
 * transaction id; a network that stopped taking deposits (409 DEPOSITS_NOT_ACCEPTED) as the spec's toast, and
 * the networks are read again; anything else as the form's usual report (fields the server named, else a toast).
 */
export type DepositFailure =
  { field: 'txid'; message: string } | { toast: string; refreshNetworks: true } | { report: true };

/** `failed`: the toast when the server gave no words of its own ("Failed to submit deposit request"). */
export function depositFailure(error: unknown, failed: string): DepositFailure {
  if (!isApiError(error)) return { report: true };
  if (error.code === 'TXID_CLAIMED')
    return {
      field: 'txid',
      message: knownText(error.serverMessage ?? 'This transaction id has already been claimed'),
    };
  if (error.code === 'DEPOSITS_NOT_ACCEPTED')
    return { toast: toastMessage(error, failed), refreshNetworks: true };
  return { report: true };
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

// ---- the networks that take deposits (GET /api/chain/networks) ----

export type DepositNetworks =
  { open: true; networks: ChainNetwork[] } | { open: false; reason: 'not-configured' | 'paused' };

/**
 * The networks an investor may send on: accepting deposits, with a platform address, TRC-20 first. None: either no
 * address was ever set up (not-configured) or deposits are switched off (paused).
 */
export function depositNetworks(networks: readonly ChainNetwork[]): DepositNetworks {
  const open = networks
    .filter((network) => network.acceptsDeposits && Boolean(network.depositAddress?.trim()))
    .sort((a, b) => NETWORK_ORDER.indexOf(a.network) - NETWORK_ORDER.indexOf(b.network));
  if (open.length > 0) return { open: true, networks: open };
  return {
    open: false,
    reason: networks.some((n) => n.depositAddress?.trim()) ? 'paused' : 'not-configured',
  };
}

/** The network shown: the one chosen while it still takes deposits, else the first (TRC-20 when it does). */
export function chosenNetwork(
  networks: readonly ChainNetwork[],
  chosen: NetworkType | null,
): ChainNetwork | null {
  return networks.find((network) => network.network === chosen) ?? networks[0] ?? null;
}

// ---- watching the history while the chain works ----

/** How often the deposits are read again while the chain still works on one of them. */
export const VERDICT_POLL_MS = 2000;

/** Poll while any deposit shown is checking, confirming or not found yet; stop once none is. */
export const depositPollMs = (deposits: readonly Deposit[] | undefined): number =>
  deposits?.some(isVerdictOpen) ? VERDICT_POLL_MS : 0;

/**
 * What changed since the deposits were last seen: `credited` became approved (the balance rose), `decided` were
 * approved or rejected (the transaction history shows them). A deposit seen for the first time is no change.
 */
export function depositChanges(
  seen: ReadonlyMap<string, Deposit['status']>,
  deposits: readonly Deposit[],
): { credited: string[]; decided: string[] } {
  const credited: string[] = [];
  const decided: string[] = [];
  for (const deposit of deposits) {
    const before = seen.get(deposit.id);
    if (before === undefined || before === deposit.status) continue;
    if (deposit.status === 'approved') credited.push(deposit.id);
    if (deposit.status !== 'pending') decided.push(deposit.id);
  }
  return { credited, decided };
}
