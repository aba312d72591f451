// The chain service's model (docs/decisions/0080, 0081): networks as investors and admins see them, and the verdicts
// on a deposit's and a payout's transaction.
import { z } from '../zod.ts';
import { Timestamp } from '../common.ts';
import { MoneyString } from '../decimal.ts';
import { NETWORK_TYPES } from './networks.ts';

// The zod-free half (labels, transaction ids, the chain's system actor) lives in networks.ts, which screens load at
// first paint; it is part of this module's API too.
export {
  CHAIN_ACTOR_ID,
  CHAIN_ACTOR_NAME,
  CHAIN_NAMES,
  checkTxid,
  DEFAULT_DEPOSIT_NETWORK,
  explorerTxLink,
  NETWORK_LABELS,
  txidKey,
  type TxidCheck,
} from './networks.ts';

// ---- the verdicts on a deposit's and a payout's transaction ----

/**
 * What a transaction is while the chain still looks at it: checking (being looked up), confirming (found, not final
 * yet), not_found_yet (no node knows it yet), not_found (still unknown after the window: an admin decides). Before
 * those, unchecked: decided before the platform verified transactions on chain; no_txid: no transaction id given.
 */
const UNDECIDED = ['unchecked', 'no_txid', 'checking', 'confirming', 'not_found_yet', 'not_found'] as const;

/** A deposit's: verified (final, real USDT to a platform address) or refused (a mismatch: rejected with the reason). */
export const DepositChainStatus = z.enum([...UNDECIDED, 'verified', 'refused']);
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

/**
 * A payout's: verified (final, real USDT from a platform address to the withdrawal's exact address, the exact amount)
 * or mismatch (the transaction does not pay it: the reason). no_txid: approved without the payout's transaction id.
 */
export const WithdrawalChainStatus = z.enum([...UNDECIDED, 'verified', 'mismatch']);
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

/** The verdict's fields, whichever transaction it is about. */
const verdictOf = <Status extends z.ZodType, Reason extends z.ZodType>(status: Status, reason: Reason) =>
  z.object({
    status,
    reason: reason.nullable(),
    /** For people: why it was refused or does not match, or what is awaited. */
    message: z.string().nullable(),
    confirmations: z.number().int().nullable(),
    requiredConfirmations: z.number().int().nullable(),
    checkedAt: Timestamp.nullable(),
  });

export const DepositChainVerdict = verdictOf(DepositChainStatus, DepositRefusalReason)
  .extend({
    /** The USDT the transaction moved to the platform (credited when verified), truncated to 8 decimals. */
    amount: MoneyString.nullable(),
  })
  .openapi('DepositChainVerdict');
export type DepositChainVerdict = z.infer<typeof DepositChainVerdict>;

export const WithdrawalChainVerdict = verdictOf(WithdrawalChainStatus, PayoutMismatchReason).openapi(
  'WithdrawalChainVerdict',
);
export type WithdrawalChainVerdict = z.infer<typeof WithdrawalChainVerdict>;

/**
 * A transfer an admin recorded as platform money moving (decision 0095): a disbursement to a plan's operator
 * (outgoing: from a platform address), harvest proceeds or a reserve contribution (incoming: to a platform address).
 * Verified when final with exactly the recorded amount of real USDT; a mismatch names the reason. no_txid: recorded
 * without a transaction id (money paid off chain), so nothing can be verified.
 */
export const FundingChainStatus = z.enum([
  'no_txid',
  'checking',
  'confirming',
  'not_found_yet',
  'not_found',
  'verified',
  'mismatch',
]);
export type FundingChainStatus = z.infer<typeof FundingChainStatus>;

export const FundingChainVerdict = verdictOf(FundingChainStatus, PayoutMismatchReason).openapi(
  'FundingChainVerdict',
);
export type FundingChainVerdict = z.infer<typeof FundingChainVerdict>;

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
