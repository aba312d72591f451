// Approve and Reject for a request that waits for a second admin (a balance adjustment, a withdrawal-limit raise):
// the admin who asked cannot approve their own request, and the note under the buttons says why Approve is off.
// Each button's accessible name says which request it acts on.
import { useId } from 'react';
import { Check, X } from 'lucide-react';
import { Button } from '@cropvest/ui/button';
import { cn } from '@cropvest/ui/cn';
import { useReviewQueueMessages } from './messages/catalogue.ts';

export interface SecondApprovalActionsProps {
  /** For screen readers: "the +25.00 USDT adjustment". */
  of: string;
  /** The signed-in admin asked for this request, so another admin must approve it. */
  ownRequest: boolean;
  /** What the admin who asked is told: "You requested this raise; another admin must approve it." */
  ownRequestNote: string;
  onApprove: () => void;
  onReject: () => void;
  className?: string;
  noteClassName?: string;
}

export function SecondApprovalActions({
  of,
  ownRequest,
  ownRequestNote,
  onApprove,
  onReject,
  className,
  noteClassName,
}: SecondApprovalActionsProps) {
  const { text } = useReviewQueueMessages();
  const noteId = useId();
  return (
    <div className={className}>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          className="relative whitespace-nowrap"
          disabled={ownRequest}
          aria-describedby={ownRequest ? noteId : undefined}
          onClick={onApprove}
        >
          <Check aria-hidden="true" className="h-3.5 w-3.5" /> {text('reviewQueue.actions.approve')}
          <span className="sr-only"> {of}</span>
        </Button>
        <Button size="sm" variant="destructive" className="relative" onClick={onReject}>
          <X aria-hidden="true" className="h-3.5 w-3.5" /> {text('reviewQueue.actions.reject')}
          <span className="sr-only"> {of}</span>
        </Button>
      </div>
      {ownRequest ? (
        <p id={noteId} className={cn('text-xs text-ink-muted', noteClassName)}>
          {ownRequestNote}
        </p>
      ) : null}
    </div>
  );
}
