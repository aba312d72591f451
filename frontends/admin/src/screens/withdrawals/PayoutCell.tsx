// An approved withdrawal's payout on Manage Withdrawals (docs/decisions/0080, Withdrawals): what the chain says of
// its transaction in words (payoutVerdictView: a mismatch red and prominent), the transaction id (copyable) with
// its page on the explorer where the network has one, and "Add transaction id" or "Correct transaction id" while
// the wallet takes one. A withdrawal not approved yet has no payout.
import { FilePenLine } from 'lucide-react';
import type { AdminWithdrawal } from '@cropvest/contracts/wallet/model';
import { Button } from '@cropvest/ui/button';
import { PayoutVerdictBadge, PayoutVerdictText, payoutTxidAction } from '@cropvest/ui/chain-verdict';
import { ExplorerLink, TransactionId } from '@cropvest/ui/transaction-id';
import { formatUsdt } from '@cropvest/ui/format';

/** "Add transaction id" or "Correct transaction id", as the button and its dialog say it. */
export const TXID_ACTION_LABELS = {
  add: 'Add transaction id',
  correct: 'Correct transaction id',
} as const;

export interface PayoutCellProps {
  withdrawal: AdminWithdrawal;
  /** The transaction's explorer page, or null (none configured: the local chains). */
  link: string | null;
  onRecordTxid: () => void;
}

export function PayoutCell({ withdrawal, link, onRecordTxid }: PayoutCellProps) {
  if (withdrawal.status !== 'approved')
    return <span className="text-xs text-ink-muted">Paid once approved</span>;
  const action = payoutTxidAction(withdrawal);
  const of = `the ${formatUsdt(withdrawal.amount)} withdrawal of ${withdrawal.user.name}`;
  return (
    <div className="space-y-1.5 sm:min-w-[11rem] sm:max-w-[16rem]">
      <PayoutVerdictBadge withdrawal={withdrawal} audience="admin" />
      <PayoutVerdictText withdrawal={withdrawal} audience="admin" />
      {withdrawal.txid ? (
        <TransactionId
          txid={withdrawal.txid}
          copyLabel={`Copy the payout transaction id of ${of}`}
          className="max-w-[9rem] text-ink-muted"
        />
      ) : null}
      {link ? <ExplorerLink href={link} about={`payout of ${of}`} className="relative" /> : null}
      {action ? (
        <Button
          size="sm"
          variant={withdrawal.chain.status === 'mismatch' ? 'primary' : 'outline'}
          className="relative whitespace-nowrap"
          onClick={onRecordTxid}
        >
          <FilePenLine aria-hidden="true" className="h-3.5 w-3.5" />
          {TXID_ACTION_LABELS[action]}
          <span className="sr-only"> of {of}</span>
        </Button>
      ) : null}
    </div>
  );
}
