// A queue row's actions: Approve (with its four-eyes step) and Reject for a pending request, or the note that the
// admin who gave the first approval must leave the second to someone else. Each button's accessible name says
// which request it acts on.
import { Check, X } from 'lucide-react';
import { Button } from '@cropvest/ui/button';
import { RowActions } from '@cropvest/ui/list/cells';
import { approveLabel, type ApprovalStage } from './four-eyes.ts';

export interface ReviewActionsProps {
  stage: ApprovalStage;
  /** For screen readers: "the 75.00 USDT deposit of Desk Depositor". */
  of: string;
  onApprove: () => void;
  onReject: () => void;
}

export function ReviewActions({ stage, of, onApprove, onReject }: ReviewActionsProps) {
  if (stage === 'done') return null;
  return (
    <RowActions>
      {stage === 'waiting-for-another-admin' ? (
        <p className="max-w-[12rem] text-xs text-ink-muted">
          You gave the first approval; another admin must approve.
        </p>
      ) : (
        <Button size="sm" className="relative whitespace-nowrap" onClick={onApprove}>
          <Check aria-hidden="true" className="h-3.5 w-3.5" />
          {approveLabel(stage)}
          <span className="sr-only"> {of}</span>
        </Button>
      )}
      <Button size="sm" variant="destructive" className="relative" onClick={onReject}>
        <X aria-hidden="true" className="h-3.5 w-3.5" /> Reject
        <span className="sr-only"> {of}</span>
      </Button>
    </RowActions>
  );
}
