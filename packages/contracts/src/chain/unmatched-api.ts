// Unmatched transfers (docs/decisions/0084): the admins' list and the assignment of one to an investor, answered
// by the chain service, which records the transfers and owns who claimed them.
import { z } from '../zod.ts';
import { ownedBy } from '../api-operation.ts';
import {
  TransferAssignment,
  TransferAssignmentRequest,
  TransferAssignmentStatusUpdate,
  UnmatchedTransfer,
  UnmatchedTransferCounts,
  UnmatchedTransferCountsQuery,
  UnmatchedTransferQuery,
} from './unmatched.ts';

export const unmatchedOperations = ownedBy('chain', {
  unmatchedTransfers: {
    method: 'get',
    path: '/api/admin/unmatched-transfers',
    summary:
      'USDT that reached a platform address and that no deposit claim, payout or assignment took within UNMATCHED_AFTER_MINUTES, one row per transaction (and those an assignment holds for a second admin), newest first, one page (total in X-Total-Count); q searches the transaction id and the sender',
    tag: 'Admin: chain',
    auth: 'admin',
    query: UnmatchedTransferQuery,
    paged: true,
    response: z.array(UnmatchedTransfer),
  },
  unmatchedTransferCounts: {
    method: 'get',
    path: '/api/admin/unmatched-transfers/counts',
    summary:
      'How many listed transactions matching q are on each network, and how many await a second approval',
    tag: 'Admin: chain',
    auth: 'admin',
    query: UnmatchedTransferCountsQuery,
    response: UnmatchedTransferCounts,
  },
  assignUnmatchedTransfer: {
    method: 'post',
    path: '/api/admin/unmatched-transfers/assignments',
    errors: {
      404: 'No transfer of this transaction to the platform was recorded on this network (TRANSFER_NOT_FOUND), or no investor has this id (INVESTOR_NOT_FOUND)',
      409: 'The transaction was claimed or is being claimed by a deposit, a payout or another assignment (TRANSFER_CLAIMED), it arrived too recently for the investor to have claimed it (TRANSFER_TOO_RECENT), or it moved less than the minimum deposit (BELOW_MINIMUM)',
    },
    summary:
      "Assign an unmatched transfer to an investor with a reason: below the second-approval threshold it credits the investor at once (a deposit with the assignment's id); at or above it the transfer is held and a different admin must approve",
    tag: 'Admin: chain',
    auth: 'admin',
    body: TransferAssignmentRequest,
    response: TransferAssignment,
    status: 201,
  },
  reviewUnmatchedAssignment: {
    method: 'put',
    path: '/api/admin/unmatched-transfers/assignments/{id}/status',
    errors: {
      409: 'The assignment was already applied or rejected (ALREADY_REVIEWED), or the approval came from the admin who assigned it (SAME_APPROVER)',
    },
    summary:
      'Approve (a different admin than the one who assigned it: the investor is credited once) or reject (the transfer is unmatched again) an assignment awaiting a second approval',
    tag: 'Admin: chain',
    auth: 'admin',
    body: TransferAssignmentStatusUpdate,
    response: TransferAssignment,
  },
});
