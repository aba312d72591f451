// Manage Withdrawals' pure rules: where a withdrawal stands in the four-eyes approval (shared with deposits,
// review-queue/four-eyes.ts), the review bodies (spec section 5: txid and reason optional, trimmed, omitted
// when empty) and the payout's explorer page. The transaction id's TRC-20 form is checked by the forms' schemas
// (schemas.ts); what the chain says of the payout is worded by @cropvest/ui/chain-text.
import type { ChainNetwork } from '@cropvest/contracts/chain/model';
import { explorerTxLink, WITHDRAWAL_NETWORKS } from '@cropvest/contracts/chain/networks';

export { approvalStage, type ApprovalStage } from '../../shared/review-queue/four-eyes.ts';

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

/** Withdrawals are paid on TRC-20 only. */
const PAYOUT_NETWORK = WITHDRAWAL_NETWORKS[0] ?? 'TRC20';

/**
 * The payout transaction's page on the explorer (GET /api/chain/networks' explorerTxUrl), or null: no transaction
 * id, the networks not known yet, or a network without an explorer (the local chains).
 */
export function payoutExplorerLink(
  withdrawal: { txid: string | null },
  networks: readonly Pick<ChainNetwork, 'network' | 'explorerTxUrl'>[] | undefined,
): string | null {
  if (!withdrawal.txid) return null;
  const template = networks?.find((network) => network.network === PAYOUT_NETWORK)?.explorerTxUrl;
  return explorerTxLink(template ?? null, withdrawal.txid);
}
