// The four-eyes approval both queues share (docs/decisions/0060): where a pending deposit or withdrawal stands,
// and what the admin looking at it may do. At or above the security settings' second-approval threshold two
// different admins approve; the first approval is recorded and moves no money.
import type { ReviewQueueMessageId } from './messages/catalogue.ts';

/** What the rule reads of a deposit or a withdrawal (AdminDeposit and AdminWithdrawal both have it). */
export interface FourEyesRequest {
  status: 'pending' | 'approved' | 'rejected';
  requiresSecondApproval: boolean;
  firstApprovedBy: string | null;
}

export type ApprovalStage =
  /** One approval settles it (below the threshold). */
  | 'single'
  /** Needs two admins and nobody approved yet. */
  | 'first'
  /** A first approval is recorded by someone else: this admin's approval settles it. */
  | 'second'
  /** This admin gave the first approval: another admin must give the second. */
  | 'waiting-for-another-admin'
  /** Approved or rejected. */
  | 'done';

export function approvalStage(request: FourEyesRequest, adminId: string | undefined): ApprovalStage {
  if (request.status !== 'pending') return 'done';
  if (request.firstApprovedBy)
    return request.firstApprovedBy === adminId ? 'waiting-for-another-admin' : 'second';
  return request.requiresSecondApproval ? 'first' : 'single';
}

/** The Approve button's words at each stage (a message of the review queues' catalogue). */
export const approveLabel = (stage: ApprovalStage): ReviewQueueMessageId =>
  stage === 'first'
    ? 'reviewQueue.actions.approveFirst'
    : stage === 'second'
      ? 'reviewQueue.actions.approveSecond'
      : 'reviewQueue.actions.approve';

/** True when a pending request carries a first approval and waits for a second admin. */
export const awaitingSecondApproval = (request: FourEyesRequest): boolean =>
  request.status === 'pending' && request.firstApprovedBy !== null;
