// The chain service's model (docs/decisions/0080, 0081): networks as investors and admins see them, the verdict
// on a deposit's transaction, transaction ids, and the system actor that approves what the chain verified.
import { z } from './zod.ts';
import { Timestamp } from './common.ts';
import { MoneyString } from './decimal.ts';
import { NETWORK_TYPES, type NetworkName } from './networks.ts';

export const NETWORK_LABELS: Record<NetworkName, string> = { TRC20: 'TRC-20', ERC20: 'ERC-20', BEP20: 'BEP-20' };
export const CHAIN_NAMES: Record<NetworkName, string> = {
  TRC20: 'TRON',
  ERC20: 'Ethereum',
  BEP20: 'BNB Smart Chain',
};
/** A deposit that names no network is on TRC-20, the spec's deposit network. */
export const DEFAULT_DEPOSIT_NETWORK: NetworkName = 'TRC20';

/**
 * Who approved what the chain verified: a fixed id in `approvedBy` and the audit log's `adminId` (both are the
 * spec's uuid), shown as CHAIN_ACTOR_NAME. No account has it, so nobody can sign in as the chain.
 */
export const CHAIN_ACTOR_ID = '00000000-0000-4000-8000-00000000c4a1';
export const CHAIN_ACTOR_NAME = 'Chain verification';

// ---- transaction ids ----

export type TxidCheck = { ok: true; txid: string; key: string } | { ok: false; message: string };

/**
 * A transaction id as each network writes it: TRON 64 hex digits, EVM 0x + 64. `0x` may be typed or left out
 * and case does not matter; `key` (64 lower-case hex digits) is the same on every network, so one transaction
 * backs one deposit whatever network it is claimed on.
 */
export function checkTxid(network: NetworkName, input: string): TxidCheck {
  const text = input.trim();
  const digits = text.replace(/^0x/i, '');
  if (!/^[0-9a-fA-F]*$/.test(digits))
    return { ok: false, message: 'A transaction id is made of the digits 0-9 and the letters a-f only' };
  if (digits.length !== 64)
    return {
      ok: false,
      message: `A ${NETWORK_LABELS[network]} transaction id has 64 hexadecimal digits${network === 'TRC20' ? '' : ' after 0x'}; this one has ${digits.length}`,
    };
  const key = txidKey(digits);
  return { ok: true, key, txid: network === 'TRC20' ? key : `0x${key}` };
}

/** The form of a transaction id that is the same on every network (64 lower-case hex digits, no 0x). */
export const txidKey = (txid: string): string => txid.trim().replace(/^0x/i, '').toLowerCase();

/** The explorer page of a transaction, or null where the network has none configured (a local chain). */
export const explorerTxLink = (template: string | null, txid: string): string | null =>
  template ? template.replace('{txid}', encodeURIComponent(txid)) : null;

// ---- the verdict on a deposit's transaction ----

/**
 * unchecked: decided before the platform verified deposits on chain. no_txid: declared with a screenshot only, an
 * admin decides. checking: being looked up. confirming: found, not
 * final yet. not_found_yet: no node knows it yet. not_found: still unknown after the window, an admin decides.
 * verified: final, real USDT to a platform address. refused: a mismatch; the deposit is rejected with the reason.
 */
export const DepositChainStatus = z.enum([
  'unchecked',
  'no_txid',
  'checking',
  'confirming',
  'not_found_yet',
  'not_found',
  'verified',
  'refused',
]);
export type DepositChainStatus = z.infer<typeof DepositChainStatus>;

export const DepositRefusalReason = z.enum([
  'transaction_failed',
  'wrong_token',
  'no_usdt_transfer',
  'wrong_recipient',
  'already_claimed',
  'below_minimum',
]);
export type DepositRefusalReason = z.infer<typeof DepositRefusalReason>;

export const DepositChainVerdict = z
  .object({
    status: DepositChainStatus,
    reason: DepositRefusalReason.nullable(),
    /** For people: why it was refused, or what is awaited. */
    message: z.string().nullable(),
    confirmations: z.number().int().nullable(),
    requiredConfirmations: z.number().int().nullable(),
    /** The USDT the transaction moved to the platform (credited when verified), truncated to 8 decimals. */
    amount: MoneyString.nullable(),
    checkedAt: Timestamp.nullable(),
  })
  .openapi('DepositChainVerdict');
export type DepositChainVerdict = z.infer<typeof DepositChainVerdict>;

// ---- the verdict on a withdrawal's payout ----

/**
 * no_txid: approved without the payout's transaction id (or not approved yet): the transfer is not verified.
 * checking, confirming, not_found_yet, not_found: as for deposits. verified: final, real USDT from a platform
 * address to the withdrawal's exact address, the exact amount. mismatch: the transaction does not pay it (reason).
 */
export const WithdrawalChainStatus = z.enum([
  'unchecked',
  'no_txid',
  'checking',
  'confirming',
  'not_found_yet',
  'not_found',
  'verified',
  'mismatch',
]);
export type WithdrawalChainStatus = z.infer<typeof WithdrawalChainStatus>;

export const PayoutMismatchReason = z.enum([
  'transaction_failed',
  'wrong_token',
  'not_from_platform',
  'wrong_recipient',
  'wrong_amount',
  'already_used',
]);
export type PayoutMismatchReason = z.infer<typeof PayoutMismatchReason>;

export const WithdrawalChainVerdict = z
  .object({
    status: WithdrawalChainStatus,
    reason: PayoutMismatchReason.nullable(),
    message: z.string().nullable(),
    confirmations: z.number().int().nullable(),
    requiredConfirmations: z.number().int().nullable(),
    checkedAt: Timestamp.nullable(),
  })
  .openapi('WithdrawalChainVerdict');
export type WithdrawalChainVerdict = z.infer<typeof WithdrawalChainVerdict>;

// ---- networks as the Deposit screen, Wallet Settings and the proof page show them ----

export const ChainNetwork = z
  .object({
    network: z.enum(NETWORK_TYPES),
    label: z.string().openapi({ example: 'TRC-20' }),
    chainName: z.string().openapi({ example: 'TRON' }),
    /** Where investors send USDT on this network; null when no active platform address is set. */
    depositAddress: z.string().nullable(),
    acceptsDeposits: z.boolean(),
    acceptsWithdrawals: z.boolean(),
    /** Whether the platform watches this network (an endpoint is configured): deposits are verified on chain. */
    monitored: z.boolean(),
    usdtContract: z.string(),
    decimals: z.number().int(),
    /** Blocks until final (TRON: until solidified). */
    confirmations: z.number().int(),
    /** About how long finality takes, in seconds. */
    finalitySeconds: z.number().int(),
    /** `{txid}` in it is replaced by a transaction id; null when there is no explorer (a local chain). */
    explorerTxUrl: z.string().nullable(),
  })
  .openapi('ChainNetwork');
export type ChainNetwork = z.infer<typeof ChainNetwork>;
