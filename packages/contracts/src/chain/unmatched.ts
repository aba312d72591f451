// Unmatched transfers (docs/decisions/0084): USDT the chain service's scanner saw reach a platform address that no
// deposit claim, payout or assignment took within UNMATCHED_AFTER_MINUTES, listed per transaction for admins, and an
// admin's assignment of one to an investor (two different admins at or above the second-approval threshold).
import { z } from '../zod.ts';
import { AdminSearch, PageQuery, requiredText, Timestamp, Uuid } from '../common.ts';
import { MoneyString } from '../decimal.ts';
import { NETWORK_TYPES } from './networks.ts';
import { DepositStatusUpdate, UserSummary } from '../wallet/model.ts';

const Network = z.enum(NETWORK_TYPES);

/**
 * awaiting_second_approval: at or above the threshold, the first admin's assignment holds the transfer (nobody else
 * can claim it) and credits nothing yet. applied: the investor is credited (a deposit with the assignment's id).
 * rejected: the transfer is unmatched again.
 */
export const TransferAssignmentStatus = z.enum(['awaiting_second_approval', 'applied', 'rejected']);
export type TransferAssignmentStatus = z.infer<typeof TransferAssignmentStatus>;

/** An admin's assignment of a transfer to an investor, with the names of the people involved. */
export const TransferAssignment = z
  .object({
    /** Also the id of the deposit that credits it, once applied. */
    id: Uuid,
    network: Network,
    txid: z.string(),
    userId: Uuid,
    /** The investor ('Unknown User' while the chain service has not heard of them). */
    user: UserSummary,
    /** What the transaction paid the platform's addresses, truncated to 8 decimals: what is credited. */
    amount: MoneyString,
    reason: z.string(),
    status: TransferAssignmentStatus,
    requiresSecondApproval: z.boolean().openapi({
      description: 'True when the amount was at or above the second-approval threshold when it was assigned',
    }),
    requestedBy: Uuid,
    requesterName: z.string(),
    createdAt: Timestamp,
    /** Who applied it (the requester below the threshold, a second admin above it) or rejected it, and when. */
    reviewedBy: Uuid.nullable(),
    reviewerName: z.string().nullable(),
    reviewedAt: Timestamp.nullable(),
    rejectionReason: z.string().nullable(),
  })
  .openapi('TransferAssignment');
export type TransferAssignment = z.infer<typeof TransferAssignment>;

/** One transaction's USDT to the platform that nobody claimed, or that an assignment holds for a second approval. */
export const UnmatchedTransfer = z
  .object({
    network: Network,
    /** In the network's display form (TRON: 64 hex digits; EVM: 0x + 64). */
    txid: z.string(),
    /** Who sent it (usually one address; a contract may move several holders' USDT in one transaction). */
    senders: z.array(z.string()),
    /** The platform addresses it paid. */
    recipients: z.array(z.string()),
    /** The sum of the transaction's USDT logs to platform addresses, truncated to 8 decimals. */
    amount: MoneyString,
    logCount: z.number().int().min(1),
    blockNumber: z.string().regex(/^\d+$/),
    blockTime: Timestamp.nullable(),
    /** When the scanner recorded it. */
    observedAt: Timestamp,
    /** The assignment waiting for a second admin, or null: the transfer is free to assign. */
    assignment: TransferAssignment.nullable(),
  })
  .openapi('UnmatchedTransfer');
export type UnmatchedTransfer = z.infer<typeof UnmatchedTransfer>;

export const UnmatchedNetworkFilter = z.enum(['all', ...NETWORK_TYPES], {
  error: `network must be one of: all, ${NETWORK_TYPES.join(', ')}`,
});
export type UnmatchedNetworkFilter = z.infer<typeof UnmatchedNetworkFilter>;

export const UnmatchedTransferQuery = PageQuery.extend({
  /** Searched in the transaction id and the sender's address. */
  q: AdminSearch,
  network: UnmatchedNetworkFilter.default('all'),
})
  .strict()
  .openapi('UnmatchedTransferQuery');
export type UnmatchedTransferQuery = z.infer<typeof UnmatchedTransferQuery>;

export const UnmatchedTransferCountsQuery = z
  .object({ q: AdminSearch })
  .strict()
  .openapi('UnmatchedTransferCountsQuery');
export type UnmatchedTransferCountsQuery = z.infer<typeof UnmatchedTransferCountsQuery>;

/** How many listed transactions match the search on each network, and how many wait for a second admin. */
export const UnmatchedTransferCounts = z
  .object({
    all: z.number().int(),
    TRC20: z.number().int(),
    ERC20: z.number().int(),
    BEP20: z.number().int(),
    awaitingSecondApproval: z.number().int(),
  })
  .openapi('UnmatchedTransferCounts');
export type UnmatchedTransferCounts = z.infer<typeof UnmatchedTransferCounts>;

export const TransferAssignmentRequest = z
  .object({
    network: Network,
    txid: z
      .string(requiredText('Transaction id'))
      .trim()
      .regex(/^(0x)?[0-9a-fA-F]{64}$/, 'Transaction id must be 64 hexadecimal digits (0x may come first)'),
    userId: Uuid,
    reason: z
      .string(requiredText('Reason'))
      .trim()
      .min(1, 'Reason is required')
      .max(500, 'Reason must be at most 500 characters'),
  })
  .strict()
  .openapi('TransferAssignmentRequest');
export type TransferAssignmentRequest = z.infer<typeof TransferAssignmentRequest>;

/** The second admin's decision on a held assignment; a rejection's reason is trimmed, omitted when blank. */
export const TransferAssignmentStatusUpdate = DepositStatusUpdate.openapi('TransferAssignmentStatusUpdate');
export type TransferAssignmentStatusUpdate = z.infer<typeof TransferAssignmentStatusUpdate>;
