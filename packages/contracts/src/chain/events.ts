// Events the chain service publishes (docs/decisions/0080), spread into `eventSchemas` in events.ts; what it
// consumes is defined by each publisher (wallet-events.ts).
import { z } from '../zod.ts';
import { Uuid } from '../common.ts';
import { MoneyString } from '../decimal.ts';
import { NETWORK_TYPES } from './networks.ts';
import { DepositRefusalReason, PayoutMismatchReason } from './model.ts';
import { FundingTransferKind } from '../plans/funding.ts';

const Network = z.enum(NETWORK_TYPES);
/** Orders one claim's verdicts: a late event with a lower number never overwrites a newer verdict. */
const Seq = z.number().int().min(1);

/** The chain's verdict on a transaction it was asked to check: its progress, or verified, or a mismatch and why. */
const transferVerdict = {
  seq: Seq,
  txid: z.string(),
  status: z.enum(['checking', 'confirming', 'not_found_yet', 'not_found', 'verified', 'mismatch']),
  reason: PayoutMismatchReason.nullable(),
  message: z.string().nullable(),
  confirmations: z.number().int().nullable(),
  requiredConfirmations: z.number().int().nullable(),
};

export const chainEventSchemas = {
  /** Progress of a claim that is not decided yet. */
  'chain.deposit.checked': z.object({
    depositId: Uuid,
    userId: Uuid,
    seq: Seq,
    status: z.enum(['checking', 'confirming', 'not_found_yet', 'not_found']),
    confirmations: z.number().int().nullable(),
    requiredConfirmations: z.number().int().nullable(),
    message: z.string().nullable(),
  }),
  /** Final, real USDT paid a platform address, not claimed before: `amount` is what the wallet credits. */
  'chain.deposit.verified': z.object({
    depositId: Uuid,
    userId: Uuid,
    seq: Seq,
    network: Network,
    txid: z.string(),
    amount: MoneyString,
    confirmations: z.number().int(),
    requiredConfirmations: z.number().int(),
  }),
  /** A mismatch: the wallet rejects the deposit with this reason; nothing is credited. */
  'chain.deposit.refused': z.object({
    depositId: Uuid,
    userId: Uuid,
    seq: Seq,
    reason: DepositRefusalReason,
    message: z.string(),
  }),
  /**
   * The verdict on a withdrawal's payout transaction (decision 0080): progress, verified, or a mismatch with its
   * reason. No money moves on it: the withdrawal was settled when the admin approved it.
   */
  'chain.withdrawal.verified': z.object({ withdrawalId: Uuid, userId: Uuid, ...transferVerdict }),
  /**
   * The verdict on the transaction of a disbursement, proceeds or reserve contribution (decision 0095): progress,
   * verified, or a mismatch with its reason. No money moves on it: the plans service shows it beside the record.
   */
  'chain.funding_transfer.verified': z.object({
    recordKind: FundingTransferKind,
    recordId: Uuid,
    ...transferVerdict,
  }),
  /**
   * An admin assigned a transfer nobody claimed to an investor (decision 0084), approved by a second admin at or
   * above the threshold (`approvedBy` is `assignedBy` below it). The wallet credits it once: an approved deposit
   * whose id is `assignmentId`.
   */
  'chain.transfer.assigned': z.object({
    assignmentId: Uuid,
    userId: Uuid,
    network: Network,
    txid: z.string(),
    amount: MoneyString,
    reason: z.string(),
    assignedBy: Uuid,
    approvedBy: Uuid,
  }),
} as const;
