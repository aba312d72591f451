// A queue row's actions: Approve (with its four-eyes step) and Reject for a pending request, or the note that the
// admin who gave the first approval must leave the second to someone else. Each button's accessible name says
// which request it acts on.
import type { ReactNode } from 'react';
import { Check, X } from 'lucide-react';
import { Button } from '@cropvest/ui/button';
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
    <div className="flex min-w-[8rem] flex-wrap gap-2">
      {stage === 'waiting-for-another-admin' ? (
        <p className="max-w-[12rem] text-xs text-slate-700">
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
    </div>
  );
}

/**
 * On a phone the queue's table scrolls sideways and its last columns start off screen: the row's status and its
 * Approve and Reject buttons are shown under the user instead (and the columns' own copies are hidden there), so
 * a decision never needs a sideways scroll. From the md breakpoint on, the columns show them.
 */
export function OnPhone({ children }: { children: ReactNode }) {
  return <div className="mt-2 space-y-2 md:hidden">{children}</div>;
}

/** The wide-screen side of OnPhone: what the status or actions column shows from the md breakpoint on. */
export function OffPhone({ children }: { children: ReactNode }) {
  return <div className="hidden md:block">{children}</div>;
}
