// Manage Withdrawals' pure rules: where a withdrawal stands in the four-eyes approval, what an admin may do
// with it, and the review bodies (spec section 5: txid and reason optional, trimmed, omitted when empty).
import type { AdminWithdrawal } from '@cropvest/contracts/wallet';

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

export function approvalStage(withdrawal: AdminWithdrawal, adminId: string | undefined): ApprovalStage {
  if (withdrawal.status !== 'pending') return 'done';
  if (withdrawal.firstApprovedBy)
    return withdrawal.firstApprovedBy === adminId ? 'waiting-for-another-admin' : 'second';
  return withdrawal.requiresSecondApproval ? 'first' : 'single';
}

/** Trimmed text, or nothing when blank. */
const given = (text: string) => {
  const trimmed = text.trim();
  return trimmed ? trimmed : undefined;
};

export const approvalBody = (txid: string) => {
  const value = given(txid);
  return { status: 'approved' as const, ...(value ? { txid: value } : {}) };
};

export const rejectionBody = (reason: string) => {
  const value = given(reason);
  return { status: 'rejected' as const, ...(value ? { rejectionReason: value } : {}) };
};
