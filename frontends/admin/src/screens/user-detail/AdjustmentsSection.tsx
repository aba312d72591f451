// The user's manual balance adjustments with their four-eyes state (docs/decisions/0060): an adjustment at or
// above the second-approval threshold waits for a different admin. Approve and Reject act on waiting ones;
// the admin who requested one sees Approve disabled, with the reason beside it.
import { useState, type FormEvent } from 'react';
import { ShieldCheck } from 'lucide-react';
import type { AdminBalanceAdjustment } from '@cropvest/contracts/wallet/model';
import { useMeQuery } from '@cropvest/web-kit';
import { toastFailure } from '@cropvest/web-kit/form';
import { Badge } from '@cropvest/ui/badge';
import { ConfirmDialog } from '@cropvest/ui/confirm-dialog';
import { columnHelper } from '@cropvest/ui/data-table';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { TextField } from '@cropvest/ui/input';
import { toast } from '@cropvest/ui/toast';
import { formatDateTime, formatUsdt } from '@cropvest/ui/format';
import { useReviewAdjustmentMutation, useUserAdjustmentsQuery } from '../../api/wallet.ts';
import { UserSection } from './UserSection.tsx';
import { useSectionPage } from '../../shared/user-detail/section-page.ts';
import { SecondApprovalActions } from '../../shared/review-queue/SecondApprovalActions.tsx';
import { useUserDetailMessages, type UserDetailMessageId } from './messages/catalogue.ts';

type Decision = { kind: 'approve' | 'reject'; adjustment: AdminBalanceAdjustment };

const STATUS_LABELS: Record<AdminBalanceAdjustment['status'], UserDetailMessageId> = {
  applied: 'userDetail.review.applied',
  awaiting_second_approval: 'userDetail.review.awaiting',
  rejected: 'userDetail.review.rejected',
};

/** "+25,000.00 USDT" or "−1,200.00 USDT": the change as the requesting admin asked for it. */
const signedChange = (adjustment: AdminBalanceAdjustment) =>
  `${adjustment.direction === 'in' ? '+' : '−'}${formatUsdt(adjustment.amount)}`;

const col = columnHelper<AdminBalanceAdjustment>();

export function AdjustmentsSection({ userId, userName }: { userId: string; userName: string }) {
  const { text } = useUserDetailMessages();
  const [page, setPage] = useSectionPage('adjustments');
  const query = useUserAdjustmentsQuery({ userId, page });
  const me = useMeQuery();
  const [decision, setDecision] = useState<Decision | null>(null);

  const columns = [
    col.accessor('amount', {
      header: text('userDetail.adjustments.change'),
      cell: (info) => (
        <span className="whitespace-nowrap font-medium tabular-nums">{signedChange(info.row.original)}</span>
      ),
    }),
    col.accessor('status', {
      header: text('userDetail.column.status'),
      cell: (info) => <AdjustmentStatus adjustment={info.row.original} />,
    }),
    col.display({
      id: 'actions',
      header: () => <span className="sr-only">{text('userDetail.column.actions')}</span>,
      cell: (info) => {
        const adjustment = info.row.original;
        if (adjustment.status !== 'awaiting_second_approval') return null;
        return (
          <SecondApprovalActions
            className="flex min-w-[11rem] flex-col gap-2"
            noteClassName="max-w-[14rem]"
            of={text('userDetail.adjustments.of', { change: signedChange(adjustment) })}
            ownRequest={adjustment.requestedBy === me.data?.id}
            ownRequestNote={text('userDetail.adjustments.ownRequest')}
            onApprove={() => setDecision({ kind: 'approve', adjustment })}
            onReject={() => setDecision({ kind: 'reject', adjustment })}
          />
        );
      },
    }),
    col.accessor('reason', {
      header: text('userDetail.column.reason'),
      cell: (info) => <p className="max-w-[14rem] text-sm">{info.getValue()}</p>,
    }),
    col.accessor('createdAt', {
      header: text('userDetail.adjustments.requested'),
      cell: (info) => (
        <div className="min-w-[9rem]">
          <p className="whitespace-nowrap">{formatDateTime(info.getValue())}</p>
          <p className="text-xs text-ink-muted">
            {text('userDetail.adjustments.by', { name: info.row.original.requesterName })}
          </p>
        </div>
      ),
    }),
  ];

  const waiting = query.data?.items.filter((item) => item.status === 'awaiting_second_approval').length ?? 0;
  return (
    <>
      <UserSection
        title={text('userDetail.adjustments.title')}
        noun={text('userDetail.adjustments.noun')}
        empty={text('userDetail.adjustments.empty')}
        pagerLabel={text('userDetail.adjustments.pager')}
        query={query}
        page={page}
        onPageChange={setPage}
        columns={columns}
        rowId={(row) => row.id}
        intro={
          waiting > 0 ? (
            <p className="text-sm text-warning-ink">
              {text('userDetail.adjustments.waiting', { count: waiting })}
            </p>
          ) : null
        }
      />
      {decision?.kind === 'approve' ? (
        <ApproveDialog
          adjustment={decision.adjustment}
          userName={userName}
          onClose={() => setDecision(null)}
        />
      ) : decision?.kind === 'reject' ? (
        <RejectDialog
          adjustment={decision.adjustment}
          userName={userName}
          onClose={() => setDecision(null)}
        />
      ) : null}
    </>
  );
}

function AdjustmentStatus({ adjustment }: { adjustment: AdminBalanceAdjustment }) {
  const { text } = useUserDetailMessages();
  const awaiting = adjustment.status === 'awaiting_second_approval';
  return (
    <div className="min-w-[10rem] space-y-1">
      <Badge tone={awaiting ? 'blue' : adjustment.status === 'applied' ? 'green' : 'red'}>
        {awaiting ? <ShieldCheck aria-hidden="true" className="me-1 h-3 w-3" /> : null}
        {text(STATUS_LABELS[adjustment.status])}
      </Badge>
      {adjustment.requiresSecondApproval && adjustment.status === 'applied' ? (
        <p className="text-xs text-ink-muted">
          {text('userDetail.adjustments.secondApproval', {
            name: adjustment.reviewerName ?? '',
            time: formatDateTime(adjustment.reviewedAt),
          })}
        </p>
      ) : null}
      {adjustment.status === 'rejected' ? (
        <p className="max-w-[14rem] text-xs text-danger-ink">
          {adjustment.rejectionReason
            ? text('userDetail.adjustments.rejectedByWithReason', {
                name: adjustment.reviewerName ?? '',
                reason: adjustment.rejectionReason,
              })
            : text('userDetail.adjustments.rejectedBy', { name: adjustment.reviewerName ?? '' })}
        </p>
      ) : null}
    </div>
  );
}

/** What the approve and reject dialogs of one waiting adjustment are given. */
interface AdjustmentDecisionProps {
  adjustment: AdminBalanceAdjustment;
  userName: string;
  onClose: () => void;
}

function ApproveDialog({ adjustment, userName, onClose }: AdjustmentDecisionProps) {
  const { text } = useUserDetailMessages();
  const [review, { isLoading }] = useReviewAdjustmentMutation();
  const approve = async () => {
    try {
      await review({
        id: adjustment.id,
        userId: adjustment.userId,
        body: { status: 'approved', rejectionReason: null },
      }).unwrap();
      toast({ title: text('userDetail.adjustments.applied'), variant: 'success' });
      onClose();
    } catch (error) {
      toastFailure(error, { fallback: text('userDetail.adjustments.approveFailed') });
    }
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={text('userDetail.adjustments.approveTitle')}
      description={text('userDetail.adjustments.approveDescription', {
        change: signedChange(adjustment),
        name: userName,
        requester: adjustment.requesterName,
        reason: adjustment.reason,
      })}
      confirmLabel={text('userDetail.review.approve')}
      onConfirm={approve}
      busy={isLoading}
    />
  );
}

function RejectDialog({ adjustment, userName, onClose }: AdjustmentDecisionProps) {
  const { text } = useUserDetailMessages();
  const [review, { isLoading }] = useReviewAdjustmentMutation();
  const [reason, setReason] = useState('');
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = reason.trim();
    try {
      await review({
        id: adjustment.id,
        userId: adjustment.userId,
        body: { status: 'rejected', rejectionReason: trimmed ? trimmed : null },
      }).unwrap();
      toast({ title: text('userDetail.adjustments.rejected'), variant: 'success' });
      onClose();
    } catch (error) {
      toastFailure(error, { fallback: text('userDetail.adjustments.rejectFailed') });
    }
  };
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={text('userDetail.adjustments.rejectTitle')}
      description={text('userDetail.adjustments.rejectDescription', {
        change: signedChange(adjustment),
        name: userName,
      })}
      onSubmit={(event) => void submit(event)}
      submitLabel={text('userDetail.review.reject')}
      busy={isLoading}
      busyLabel={text('userDetail.review.rejecting')}
    >
      <TextField
        label={text('userDetail.review.rejectionReason')}
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
      />
    </FormDialog>
  );
}
