// Manage Withdrawals' pure rules: where a withdrawal stands in the four-eyes approval (shared with deposits,
// review-queue/four-eyes.ts) and the review bodies (spec section 5: txid and reason optional, trimmed, omitted
// when empty). The transaction id's TRC-20 form is checked by the Approve form's schema (schemas.ts).
export { approvalStage, type ApprovalStage } from '../review-queue/four-eyes.ts';

/** Trimmed text, or nothing when blank. */
const given = (text: string | null | undefined) => {
  const trimmed = (text ?? '').trim();
  return trimmed ? trimmed : undefined;
};

export const approvalBody = (txid: string | null | undefined) => {
  const value = given(txid);
  return { status: 'approved' as const, ...(value ? { txid: value } : {}) };
};

export const rejectionBody = (reason: string) => {
  const value = given(reason);
  return { status: 'rejected' as const, ...(value ? { rejectionReason: value } : {}) };
};

/** What the Approve dialog says about the transaction id field. */
export const PAYOUT_TXID_HINT =
  "The transaction id of the USDT transfer you sent from the platform's wallet; the platform will verify it on chain.";
