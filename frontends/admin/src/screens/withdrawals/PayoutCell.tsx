// An approved withdrawal's payout on Manage Withdrawals (docs/decisions/0080, Withdrawals): what the chain says of
// its transaction in words (payoutVerdictView: a mismatch red and prominent), the transaction id (copyable) with
// its page on the explorer where the network has one, and "Add transaction id" or "Correct transaction id" while
// the wallet takes one. A withdrawal not approved yet has no payout.
import { ExternalLink, FilePenLine } from 'lucide-react';
import type { AdminWithdrawal } from '@cropvest/contracts/wallet';
import { Button } from '@cropvest/ui/button';
import { PayoutVerdictBadge, PayoutVerdictText, payoutTxidAction } from '@cropvest/ui/chain-verdict';
import { CopyButton } from '@cropvest/ui/copy-button';
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
  /** On a phone, under the user: the sentence and the action, without the badge. */
  compact?: boolean;
}

export function PayoutCell({ withdrawal, link, onRecordTxid, compact = false }: PayoutCellProps) {
  if (withdrawal.status !== 'approved')
    return compact ? null : <span className="text-xs text-slate-600">Paid once approved</span>;
  const action = payoutTxidAction(withdrawal);
  const of = `the ${formatUsdt(withdrawal.amount)} withdrawal of ${withdrawal.user.name}`;
  return (
    <div className={compact ? 'space-y-1.5' : 'min-w-[11rem] max-w-[16rem] space-y-1.5'}>
      {compact ? null : <PayoutVerdictBadge withdrawal={withdrawal} audience="admin" />}
      <PayoutVerdictText withdrawal={withdrawal} audience="admin" />
      {withdrawal.txid ? (
        <div className="flex items-center gap-1">
          <span
            className="block max-w-[9rem] truncate font-mono text-xs text-slate-700"
            title={withdrawal.txid}
          >
            {withdrawal.txid}
          </span>
          <CopyButton
            value={withdrawal.txid}
            label={`Copy the payout transaction id of ${of}`}
            copied={{ title: 'Transaction id copied' }}
            variant="ghost"
            showText={false}
          />
        </div>
      ) : null}
      {link ? (
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          className="relative inline-flex items-center gap-1 text-xs font-medium text-emerald-800 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
        >
          <ExternalLink aria-hidden="true" className="h-3 w-3" />
          View on explorer
          <span className="sr-only"> (payout of {of}, opens in a new tab)</span>
        </a>
      ) : null}
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
