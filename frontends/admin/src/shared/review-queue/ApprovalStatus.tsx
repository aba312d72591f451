// A queue row's status: the spec's badge, "Awaiting second approval" while a first approval waits for a second
// admin, who gave the first approval and who settled it, then whatever the screen adds (a transaction id, a
// rejection's reason).
import type { ReactNode } from 'react';
import { ShieldCheck } from 'lucide-react';
import { Badge, StatusBadge } from '@cropvest/ui/badge';
import { formatDateTime } from '@cropvest/ui/format';
import { awaitingSecondApproval, type FourEyesRequest } from './four-eyes.ts';
import { useReviewQueueMessages } from './messages/catalogue.ts';

export interface ApprovalStatusProps {
  request: FourEyesRequest & {
    firstApprovedAt: string | null;
    firstApproverName: string | null;
    approvedAt: string | null;
    approverName: string | null;
    rejectionReason: string | null;
  };
  /** How the approval that settled it reads: "Approved by" (withdrawals), "Credited by" (deposits). */
  settledBy: string;
  /** The same when it was the second of two; "2nd approval" unless given. */
  settledSecondBy?: string;
  children?: ReactNode;
}

export function ApprovalStatus({ request, settledBy, settledSecondBy, children }: ApprovalStatusProps) {
  const { text } = useReviewQueueMessages();
  return (
    <div className="min-w-[10rem] space-y-1">
      <div className="flex flex-wrap gap-1">
        <StatusBadge status={request.status} />
        {awaitingSecondApproval(request) ? (
          <Badge tone="blue">
            <ShieldCheck aria-hidden="true" className="me-1 h-3 w-3" />
            {text('reviewQueue.status.awaitingSecond')}
          </Badge>
        ) : null}
      </div>
      {request.firstApprovedBy ? (
        <p className="text-xs text-ink-muted">
          {text('reviewQueue.status.firstApproval', {
            name: request.firstApproverName ?? '',
            date: formatDateTime(request.firstApprovedAt),
          })}
        </p>
      ) : null}
      {request.status === 'approved' && request.approverName ? (
        <p className="text-xs text-ink-muted">
          {text('reviewQueue.status.settled', {
            by: request.firstApprovedBy
              ? (settledSecondBy ?? text('reviewQueue.status.secondApproval'))
              : settledBy,
            name: request.approverName,
            date: formatDateTime(request.approvedAt),
          })}
        </p>
      ) : null}
      {children}
      {request.status === 'rejected' && request.rejectionReason ? (
        <p className="max-w-[14rem] text-xs text-danger-ink">
          {text('reviewQueue.status.reason', { reason: request.rejectionReason })}
        </p>
      ) : null}
    </div>
  );
}
