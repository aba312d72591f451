// The investor's withdrawal limits on the user page (docs/decisions/0099): what remains of the 24-hour and 30-day
// limits and what pending and approved withdrawals used; "Raise limits" with a reason; the latest raises with their
// four-eyes state. A raise that lifts either limit by the second-approval threshold or more waits for a different
// admin: Approve and Reject act on it here, and the admin who requested it sees Approve disabled, with the reason.
import { useState } from 'react';
import { Gauge, ShieldCheck, TrendingUp } from 'lucide-react';
import { KYC_LEVEL_LABELS } from '@cropvest/contracts/wallet/withdrawal-limit-rules';
import type {
  AdminWithdrawalLimits,
  WithdrawalLimitRaise,
  WithdrawalLimitRaiseRequest,
} from '@cropvest/contracts/wallet/withdrawal-limits';
import { useMeQuery } from '@cropvest/web-kit';
import { lazyZodResolver, reportFormError, toastFailure, useContractForm } from '@cropvest/web-kit/form';
import { Badge } from '@cropvest/ui/badge';
import { Button } from '@cropvest/ui/button';
import { ConfirmDialog } from '@cropvest/ui/confirm-dialog';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { formatDateTime, formatUsdt } from '@cropvest/ui/format';
import { TextField } from '@cropvest/ui/input';
import { MoneyInput } from '@cropvest/ui/money-input';
import { QueryView, SkeletonRows } from '@cropvest/ui/query-view';
import { TextareaField } from '@cropvest/ui/textarea';
import { toast } from '@cropvest/ui/toast';
import { LimitWindows } from '@cropvest/ui/withdrawal-limits';
import { inputAmount } from '../../shared/settings/InterestTab.tsx';
import {
  useRaiseWithdrawalLimitsMutation,
  useReviewLimitRaiseMutation,
  useUserWithdrawalLimitsQuery,
} from '../../api/wallet.ts';
import { SectionCard } from './SectionCard.tsx';
import { SecondApprovalActions } from '../../shared/review-queue/SecondApprovalActions.tsx';

const STATUS_LABELS: Record<WithdrawalLimitRaise['status'], string> = {
  applied: 'Applied',
  awaiting_second_approval: 'Awaiting second approval',
  rejected: 'Rejected',
};

/** "30,000.00 USDT a day, 100,000.00 USDT in 30 days". */
const limitsText = (raise: Pick<WithdrawalLimitRaise, 'dailyLimit' | 'monthlyLimit'>) =>
  `${formatUsdt(raise.dailyLimit)} in 24 hours, ${formatUsdt(raise.monthlyLimit)} in 30 days`;

/** Who decided a raise that waited, or who rejected one, and why. */
const reviewNote = (raise: WithdrawalLimitRaise): string => {
  const by = raise.reviewedByName ?? 'an admin';
  if (raise.status === 'rejected')
    return ` · rejected by ${by}${raise.rejectionReason ? `: ${raise.rejectionReason}` : ''}`;
  return raise.status === 'applied' && raise.requiresSecondApproval ? ` · approved by ${by}` : '';
};

type Decision = { kind: 'approve' | 'reject'; raise: WithdrawalLimitRaise };

export function WithdrawalLimitsSection({ userId, userName }: { userId: string; userName: string }) {
  const query = useUserWithdrawalLimitsQuery(userId);
  const [raising, setRaising] = useState(false);
  const [decision, setDecision] = useState<Decision | null>(null);
  const headingId = 'user-section-withdrawal-limits';
  return (
    <>
      <SectionCard
        headingId={headingId}
        title="Withdrawal limits"
        icon={Gauge}
        description="Pending and approved withdrawals of the last 24 hours and 30 days count against them."
        action={
          query.data ? (
            <Button size="sm" className="self-start" onClick={() => setRaising(true)}>
              <TrendingUp aria-hidden="true" className="h-4 w-4" /> Raise limits
            </Button>
          ) : null
        }
      >
        <QueryView
          query={query}
          what="the withdrawal limits"
          skeleton={<SkeletonRows rows={2} className="h-20" />}
        >
          {(data) => (
            <div className="space-y-4">
              <LimitWindows day={data.limits.day} month={data.limits.month} />
              <p className="text-sm text-ink-muted">
                {data.limits.raised ? 'Raised by an admin above the limits for ' : 'The limits for '}
                <span className="font-medium">
                  {KYC_LEVEL_LABELS[data.limits.kycLevel].toLowerCase()}
                </span>{' '}
                (System Settings → Security).
              </p>
              <RaiseList raises={data.raises} onDecide={setDecision} />
            </div>
          )}
        </QueryView>
      </SectionCard>
      {raising && query.data ? (
        <RaiseDialog view={query.data} userName={userName} onClose={() => setRaising(false)} />
      ) : null}
      {decision?.kind === 'approve' ? (
        <ApproveDialog raise={decision.raise} userName={userName} onClose={() => setDecision(null)} />
      ) : decision?.kind === 'reject' ? (
        <RejectDialog raise={decision.raise} userName={userName} onClose={() => setDecision(null)} />
      ) : null}
    </>
  );
}

function RaiseList({
  raises,
  onDecide,
}: {
  raises: WithdrawalLimitRaise[];
  onDecide: (decision: Decision) => void;
}) {
  const me = useMeQuery();
  if (raises.length === 0)
    return <p className="text-sm text-ink-muted">No raises of this investor&apos;s limits yet.</p>;
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-ink">Latest raises</h3>
      <ul className="divide-y divide-border rounded-lg border border-border">
        {raises.map((raise) => {
          const awaiting = raise.status === 'awaiting_second_approval';
          return (
            <li key={raise.id} className="space-y-1.5 p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-ink">{limitsText(raise)}</span>
                <Badge tone={awaiting ? 'blue' : raise.status === 'applied' ? 'green' : 'red'}>
                  {awaiting ? <ShieldCheck aria-hidden="true" className="mr-1 h-3 w-3" /> : null}
                  {STATUS_LABELS[raise.status]}
                </Badge>
              </div>
              <p className="break-words text-ink-muted">Reason: {raise.reason}</p>
              <p className="text-xs text-ink-muted">
                Requested by {raise.requestedByName ?? 'an admin'} · {formatDateTime(raise.createdAt)}
                {reviewNote(raise)}
              </p>
              {awaiting ? (
                <SecondApprovalActions
                  className="space-y-1.5 pt-1"
                  of={`the raise to ${limitsText(raise)}`}
                  ownRequest={raise.requestedBy === me.data?.id}
                  ownRequestNote="You requested this raise; another admin must approve it."
                  onApprove={() => onDecide({ kind: 'approve', raise })}
                  onReject={() => onDecide({ kind: 'reject', raise })}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

interface RaiseInput {
  dailyLimit: string;
  monthlyLimit: string;
  reason: string;
}

const raiseResolver = lazyZodResolver<RaiseInput, WithdrawalLimitRaiseRequest>(() =>
  import('@cropvest/contracts/wallet/withdrawal-limits').then((m) => m.WithdrawalLimitRaiseRequest),
);

function RaiseDialog({
  view,
  userName,
  onClose,
}: {
  view: AdminWithdrawalLimits;
  userName: string;
  onClose: () => void;
}) {
  const [raise, { isLoading }] = useRaiseWithdrawalLimitsMutation();
  const form = useContractForm<RaiseInput, WithdrawalLimitRaiseRequest>({
    resolver: raiseResolver,
    defaultValues: {
      dailyLimit: inputAmount(view.limits.day.limit),
      monthlyLimit: inputAmount(view.limits.month.limit),
      reason: '',
    },
  });
  const { errors } = form.formState;
  const submit = async (body: WithdrawalLimitRaiseRequest) => {
    try {
      const result = await raise({ userId: view.userId, body }).unwrap();
      toast(
        result.status === 'applied'
          ? {
              title: 'Withdrawal limits raised',
              description: `${userName}: ${limitsText(result)}.`,
              variant: 'success',
            }
          : {
              title: 'First approval recorded',
              description: 'Another admin must approve this raise before it applies.',
              variant: 'success',
            },
      );
      onClose();
    } catch (error) {
      reportFormError(form, error, { fallback: 'Failed to raise the withdrawal limits' });
    }
  };
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Raise withdrawal limits"
      description={`${userName}'s limits now: ${formatUsdt(view.limits.day.limit)} in 24 hours and ${formatUsdt(view.limits.month.limit)} in 30 days. A raise that adds ${formatUsdt(view.secondApprovalThreshold)} or more to either limit waits for another admin's approval.`}
      onSubmit={form.handleSubmit(submit)}
      submitLabel="Raise limits"
      busy={isLoading}
      busyLabel="Raising…"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="New 24-hour limit (USDT)"
          control={MoneyInput}
          min="0"
          error={errors.dailyLimit?.message}
          {...form.register('dailyLimit', { deps: ['monthlyLimit'] })}
        />
        <TextField
          label="New 30-day limit (USDT)"
          control={MoneyInput}
          min="0"
          error={errors.monthlyLimit?.message}
          {...form.register('monthlyLimit')}
        />
      </div>
      <TextareaField
        label="Reason"
        hint="Up to 500 characters: why this investor needs more (kept in the audit trail)."
        error={errors.reason?.message}
        maxLength={500}
        className="min-h-20"
        {...form.register('reason')}
      />
    </FormDialog>
  );
}

function ApproveDialog({
  raise,
  userName,
  onClose,
}: {
  raise: WithdrawalLimitRaise;
  userName: string;
  onClose: () => void;
}) {
  const [review, { isLoading }] = useReviewLimitRaiseMutation();
  const approve = async () => {
    try {
      await review({
        id: raise.id,
        userId: raise.userId,
        body: { status: 'approved', rejectionReason: null },
      }).unwrap();
      toast({ title: 'Withdrawal limits raised', variant: 'success' });
      onClose();
    } catch (error) {
      toastFailure(error, { fallback: 'Failed to approve the raise' });
    }
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Approve Limit Raise"
      description={`${userName}'s withdrawal limits to ${limitsText(raise)}, requested by ${raise.requestedByName ?? 'an admin'}: "${raise.reason}". Your approval applies them at once.`}
      confirmLabel="Approve"
      onConfirm={approve}
      busy={isLoading}
    />
  );
}

function RejectDialog({
  raise,
  userName,
  onClose,
}: {
  raise: WithdrawalLimitRaise;
  userName: string;
  onClose: () => void;
}) {
  const [review, { isLoading }] = useReviewLimitRaiseMutation();
  const [reason, setReason] = useState('');
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Reject Limit Raise"
      description={`${userName}'s withdrawal limits to ${limitsText(raise)}. The limits stay as they are.`}
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = reason.trim();
        void review({
          id: raise.id,
          userId: raise.userId,
          body: { status: 'rejected', rejectionReason: trimmed ? trimmed : null },
        })
          .unwrap()
          .then(() => {
            toast({ title: 'Limit raise rejected', variant: 'success' });
            onClose();
          })
          .catch((error: unknown) => toastFailure(error, { fallback: 'Failed to reject the raise' }));
      }}
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
