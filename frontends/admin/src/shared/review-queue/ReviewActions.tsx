// A queue row's actions: Approve (with its four-eyes step) and Reject for a pending request, or the note that the
// admin who gave the first approval must leave the second to someone else. Each button's accessible name says
// which request it acts on.
import { Check, X } from 'lucide-react';
import { Button } from '@cropvest/ui/button';
import { RowActions } from '@cropvest/ui/list/cells';
import { approveLabel, type ApprovalStage } from './four-eyes.ts';
import { useReviewQueueMessages } from './messages/catalogue.ts';

export interface ReviewActionsProps {
  stage: ApprovalStage;
  /** For screen readers: "the 75.00 USDT deposit of Desk Depositor". */
  of: string;
  onApprove: () => void;
  onReject: () => void;
}

export function ReviewActions({ stage, of, onApprove, onReject }: ReviewActionsProps) {
  const { text } = useReviewQueueMessages();
  if (stage === 'done') return null;
  return (
    <RowActions>
      {stage === 'waiting-for-another-admin' ? (
        <p className="max-w-[12rem] text-xs text-ink-muted">{text('reviewQueue.actions.waiting')}</p>
      ) : (
        <Button size="sm" className="relative whitespace-nowrap" onClick={onApprove}>
          <Check aria-hidden="true" className="h-3.5 w-3.5" />
          {text(approveLabel(stage))}
          <span className="sr-only"> {of}</span>
        </Button>
      )}
      <Button size="sm" variant="destructive" className="relative" onClick={onReject}>
        <X aria-hidden="true" className="h-3.5 w-3.5" /> {text('reviewQueue.actions.reject')}
        <span className="sr-only"> {of}</span>
      </Button>
    </RowActions>
  );
}
