// A queue row's status: the spec's badge, "Awaiting second approval" while a first approval waits for a second
// admin, who gave the first approval and who settled it, then whatever the screen adds (a transaction id, a
// rejection's reason).
import type { ReactNode } from 'react';
import { ShieldCheck } from 'lucide-react';
import { Badge, StatusBadge } from '@cropvest/ui/badge';
import { formatDateTime } from '@cropvest/ui/format';
import { awaitingSecondApproval, type FourEyesRequest } from './four-eyes.ts';

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

export function ApprovalStatus({
  request,
  settledBy,
  settledSecondBy = '2nd approval',
  children,
}: ApprovalStatusProps) {
  return (
    <div className="min-w-[10rem] space-y-1">
      <div className="flex flex-wrap gap-1">
        <StatusBadge status={request.status} />
        {awaitingSecondApproval(request) ? (
          <Badge tone="blue">
            <ShieldCheck aria-hidden="true" className="mr-1 h-3 w-3" />
            Awaiting second approval
          </Badge>
        ) : null}
      </div>
      {request.firstApprovedBy ? (
        <p className="text-xs text-ink-muted">
          1st approval: {request.firstApproverName} · {formatDateTime(request.firstApprovedAt)}
        </p>
      ) : null}
      {request.status === 'approved' && request.approverName ? (
        <p className="text-xs text-ink-muted">
          {request.firstApprovedBy ? settledSecondBy : settledBy}: {request.approverName} ·{' '}
          {formatDateTime(request.approvedAt)}
        </p>
      ) : null}
      {children}
      {request.status === 'rejected' && request.rejectionReason ? (
        <p className="max-w-[14rem] text-xs text-danger-ink">Reason: {request.rejectionReason}</p>
      ) : null}
    </div>
  );
}
