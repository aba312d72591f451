// An approved withdrawal's payout on Manage Withdrawals (docs/decisions/0080, Withdrawals): what the chain says of
// its transaction in words (payoutVerdictView: a mismatch red and prominent), the transaction id (copyable) with
// its page on the explorer where the network has one, and "Add transaction id" or "Correct transaction id" while
// the wallet takes one. A withdrawal not approved yet has no payout.
import { FilePenLine } from 'lucide-react';
import type { AdminWithdrawal } from '@cropvest/contracts/wallet/model';
import { Button } from '@cropvest/ui/button';
import { PayoutVerdictBadge, PayoutVerdictText, payoutTxidAction } from '@cropvest/ui/chain-verdict';
import { ExplorerLink, TransactionId } from '@cropvest/ui/transaction-id';
import { withdrawalOf } from './describe.ts';
import { useWithdrawalsMessages, type WithdrawalsMessageId } from './messages/catalogue.ts';

/** "Add transaction id" or "Correct transaction id", as the button and its dialog say it. */
export const TXID_ACTION_LABELS: Record<'add' | 'correct', WithdrawalsMessageId> = {
  add: 'withdrawals.txid.add',
  correct: 'withdrawals.txid.correct',
};

export interface PayoutCellProps {
  withdrawal: AdminWithdrawal;
  /** The transaction's explorer page, or null (none configured: the local chains). */
  link: string | null;
  onRecordTxid: () => void;
}

export function PayoutCell({ withdrawal, link, onRecordTxid }: PayoutCellProps) {
  const { text, rich } = useWithdrawalsMessages();
  if (withdrawal.status !== 'approved')
    return <span className="text-xs text-ink-muted">{text('withdrawals.payout.notYet')}</span>;
  const action = payoutTxidAction(withdrawal);
  const of = withdrawalOf(withdrawal, text);
  return (
    <div className="space-y-1.5 sm:min-w-[11rem] sm:max-w-[16rem]">
      <PayoutVerdictBadge withdrawal={withdrawal} audience="admin" />
      <PayoutVerdictText withdrawal={withdrawal} audience="admin" />
      {withdrawal.txid ? (
        <TransactionId
          txid={withdrawal.txid}
          copyLabel={text('withdrawals.payout.copy', { of })}
          className="max-w-[9rem] text-ink-muted"
        />
      ) : null}
      {link ? (
        <ExplorerLink href={link} about={text('withdrawals.payout.explorer', { of })} className="relative" />
      ) : null}
      {action ? (
        <Button
          size="sm"
          variant={withdrawal.chain.status === 'mismatch' ? 'primary' : 'outline'}
          className="relative whitespace-nowrap"
          onClick={onRecordTxid}
        >
          <FilePenLine aria-hidden="true" className="h-3.5 w-3.5" />
          {rich('withdrawals.payout.actionOf', {
            action: text(TXID_ACTION_LABELS[action]),
            of,
            hidden: (chunks) => <span className="sr-only">{chunks}</span>,
          })}
        </Button>
      ) : null}
    </div>
  );
}
