// A withdrawal's payout transaction id as the investor sees it, on Withdraw's history and on the withdrawal's own
// page: not while the team checks one the chain could not match.
import type { Withdrawal } from '@cropvest/contracts/wallet/model';
import { explorerTxLink, investorPayoutView } from '@cropvest/ui/chain-text';
import { ExplorerTxid } from '@cropvest/ui/transaction-id';
import { NOT_AVAILABLE } from '@cropvest/ui/format';

const shownTxid = (withdrawal: Withdrawal): string | null =>
  investorPayoutView(withdrawal)?.showTxid ? withdrawal.txid : null;

/** The payout's transaction id, linked to its page on the explorer where TRC-20 has one configured. */
export function PayoutTxid({ withdrawal, template }: { withdrawal: Withdrawal; template: string | null }) {
  const txid = shownTxid(withdrawal);
  return txid ? <ExplorerTxid txid={txid} template={template} /> : <>{NOT_AVAILABLE}</>;
}

/** Whether a history row holds a link to the explorer. */
export const hasPayoutLink = (withdrawal: Withdrawal, template: string | null): boolean => {
  const txid = shownTxid(withdrawal);
  return Boolean(txid && explorerTxLink(template, txid));
};
