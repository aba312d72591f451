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

type Decision = { kind: 'approve' | 'reject'; adjustment: AdminBalanceAdjustment };

const STATUS_LABELS: Record<AdminBalanceAdjustment['status'], string> = {
  applied: 'Applied',
  awaiting_second_approval: 'Awaiting second approval',
  rejected: 'Rejected',
};

/** "+25,000.00 USDT" or "−1,200.00 USDT": the change as the requesting admin asked for it. */
const signedChange = (adjustment: AdminBalanceAdjustment) =>
  `${adjustment.direction === 'in' ? '+' : '−'}${formatUsdt(adjustment.amount)}`;

const col = columnHelper<AdminBalanceAdjustment>();

export function AdjustmentsSection({ userId, userName }: { userId: string; userName: string }) {
  const [page, setPage] = useSectionPage('adjustments');
  const query = useUserAdjustmentsQuery({ userId, page });
  const me = useMeQuery();
  const [decision, setDecision] = useState<Decision | null>(null);

  const columns = [
    col.accessor('amount', {
      header: 'Change',
      cell: (info) => (
        <span className="whitespace-nowrap font-medium tabular-nums">{signedChange(info.row.original)}</span>
      ),
    }),
    col.accessor('status', {
      header: 'Status',
      cell: (info) => <AdjustmentStatus adjustment={info.row.original} />,
    }),
    col.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: (info) => {
        const adjustment = info.row.original;
        if (adjustment.status !== 'awaiting_second_approval') return null;
        return (
          <SecondApprovalActions
            className="flex min-w-[11rem] flex-col gap-2"
            noteClassName="max-w-[14rem]"
            of={`the ${signedChange(adjustment)} adjustment`}
            ownRequest={adjustment.requestedBy === me.data?.id}
            ownRequestNote="You requested this adjustment; another admin must approve it."
            onApprove={() => setDecision({ kind: 'approve', adjustment })}
            onReject={() => setDecision({ kind: 'reject', adjustment })}
          />
        );
      },
    }),
    col.accessor('reason', {
      header: 'Reason',
      cell: (info) => <p className="max-w-[14rem] text-sm">{info.getValue()}</p>,
    }),
    col.accessor('createdAt', {
      header: 'Requested',
      cell: (info) => (
        <div className="min-w-[9rem]">
          <p className="whitespace-nowrap">{formatDateTime(info.getValue())}</p>
          <p className="text-xs text-ink-muted">by {info.row.original.requesterName}</p>
        </div>
      ),
    }),
  ];

  const waiting = query.data?.items.filter((item) => item.status === 'awaiting_second_approval').length ?? 0;
  return (
    <>
      <UserSection
        title="Balance adjustments"
        noun="balance adjustments"
        query={query}
        page={page}
        onPageChange={setPage}
        columns={columns}
        rowId={(row) => row.id}
        intro={
          waiting > 0 ? (
            <p className="text-sm text-warning-ink">
              {waiting === 1
                ? 'One adjustment on this page awaits'
                : `${waiting} adjustments on this page await`}{' '}
              a second admin&apos;s approval; nothing has moved yet.
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
  const awaiting = adjustment.status === 'awaiting_second_approval';
  return (
    <div className="min-w-[10rem] space-y-1">
      <Badge tone={awaiting ? 'blue' : adjustment.status === 'applied' ? 'green' : 'red'}>
        {awaiting ? <ShieldCheck aria-hidden="true" className="mr-1 h-3 w-3" /> : null}
        {STATUS_LABELS[adjustment.status]}
      </Badge>
      {adjustment.requiresSecondApproval && adjustment.status === 'applied' ? (
        <p className="text-xs text-ink-muted">
          2nd approval: {adjustment.reviewerName} · {formatDateTime(adjustment.reviewedAt)}
        </p>
      ) : null}
      {adjustment.status === 'rejected' ? (
        <p className="max-w-[14rem] text-xs text-danger-ink">
          Rejected by {adjustment.reviewerName}
          {adjustment.rejectionReason ? `: ${adjustment.rejectionReason}` : ''}
        </p>
      ) : null}
    </div>
  );
}

function ApproveDialog({
  adjustment,
  userName,
  onClose,
}: {
  adjustment: AdminBalanceAdjustment;
  userName: string;
  onClose: () => void;
}) {
  const [review, { isLoading }] = useReviewAdjustmentMutation();
  const approve = async () => {
    try {
      await review({
        id: adjustment.id,
        userId: adjustment.userId,
        body: { status: 'approved', rejectionReason: null },
      }).unwrap();
      toast({ title: 'Balance adjustment applied', variant: 'success' });
      onClose();
    } catch (error) {
      toastFailure(error, { fallback: 'Failed to approve the balance adjustment' });
    }
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Approve Balance Adjustment"
      description={`${signedChange(adjustment)} to ${userName}'s available balance, requested by ${adjustment.requesterName}: "${adjustment.reason}". Your approval moves the money at once.`}
      confirmLabel="Approve"
      onConfirm={approve}
      busy={isLoading}
    />
  );
}

function RejectDialog({
  adjustment,
  userName,
  onClose,
}: {
  adjustment: AdminBalanceAdjustment;
  userName: string;
  onClose: () => void;
}) {
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
      toast({ title: 'Balance adjustment rejected', variant: 'success' });
      onClose();
    } catch (error) {
      toastFailure(error, { fallback: 'Failed to reject the balance adjustment' });
    }
  };
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Reject Balance Adjustment"
      description={`${signedChange(adjustment)} to ${userName}'s available balance. Nothing moves.`}
      onSubmit={(event) => void submit(event)}
      submitLabel="Reject"
      busy={isLoading}
      busyLabel="Rejecting…"
    >
      <TextField
        label="Rejection reason (optional)"
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
      />
    </FormDialog>
  );
}
