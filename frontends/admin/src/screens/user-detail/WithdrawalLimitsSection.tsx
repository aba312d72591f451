// The investor's withdrawal limits on the user page (docs/decisions/0099): what remains of the 24-hour and 30-day
// limits and what pending and approved withdrawals used; "Raise limits" with a reason; the latest raises with their
// four-eyes state. A raise that lifts either limit by the second-approval threshold or more waits for a different
// admin: Approve and Reject act on it here, and the admin who requested it sees Approve disabled, with the reason.
import { useState } from 'react';
import { Gauge, ShieldCheck, TrendingUp } from 'lucide-react';
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
import {
  useUserDetailMessages,
  type UserDetailMessageId,
  type UserDetailText,
} from './messages/catalogue.ts';

const STATUS_LABELS: Record<WithdrawalLimitRaise['status'], UserDetailMessageId> = {
  applied: 'userDetail.review.applied',
  awaiting_second_approval: 'userDetail.review.awaiting',
  rejected: 'userDetail.review.rejected',
};

/** "30,000.00 USDT in 24 hours, 100,000.00 USDT in 30 days". */
const limitsText = (text: UserDetailText, raise: Pick<WithdrawalLimitRaise, 'dailyLimit' | 'monthlyLimit'>) =>
  text('userDetail.limits.amounts', {
    day: formatUsdt(raise.dailyLimit),
    month: formatUsdt(raise.monthlyLimit),
  });

/** Who decided a raise that waited, or who rejected one, and why. */
const reviewNote = (text: UserDetailText, raise: WithdrawalLimitRaise): string => {
  const name = raise.reviewedByName ?? text('userDetail.limits.anAdmin');
  if (raise.status === 'rejected')
    return raise.rejectionReason
      ? text('userDetail.limits.rejectedByWithReason', { name, reason: raise.rejectionReason })
      : text('userDetail.limits.rejectedBy', { name });
  return raise.status === 'applied' && raise.requiresSecondApproval
    ? text('userDetail.limits.approvedBy', { name })
    : '';
};

type Decision = { kind: 'approve' | 'reject'; raise: WithdrawalLimitRaise };

export function WithdrawalLimitsSection({ userId, userName }: { userId: string; userName: string }) {
  const { text, rich } = useUserDetailMessages();
  const query = useUserWithdrawalLimitsQuery(userId);
  const [raising, setRaising] = useState(false);
  const [decision, setDecision] = useState<Decision | null>(null);
  const headingId = 'user-section-withdrawal-limits';
  return (
    <>
      <SectionCard
        headingId={headingId}
        title={text('userDetail.limits.title')}
        icon={Gauge}
        description={text('userDetail.limits.description')}
        action={
          query.data ? (
            <Button size="sm" className="self-start" onClick={() => setRaising(true)}>
              <TrendingUp aria-hidden="true" className="h-4 w-4" /> {text('userDetail.limits.raise')}
            </Button>
          ) : null
        }
      >
        <QueryView
          query={query}
          what={text('userDetail.limits.what')}
          skeleton={<SkeletonRows rows={2} className="h-20" />}
        >
          {(data) => (
            <div className="space-y-4">
              <LimitWindows day={data.limits.day} month={data.limits.month} />
              <p className="text-sm text-ink-muted">
                {rich(data.limits.raised ? 'userDetail.limits.raisedFor' : 'userDetail.limits.standardFor', {
                  level: text('userDetail.limits.level', { level: data.limits.kycLevel }),
                  emphasis: (chunks) => <span className="font-medium">{chunks}</span>,
                })}
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
  const { text } = useUserDetailMessages();
  const me = useMeQuery();
  if (raises.length === 0) return <p className="text-sm text-ink-muted">{text('userDetail.limits.none')}</p>;
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-ink">{text('userDetail.limits.latest')}</h3>
      <ul className="divide-y divide-border rounded-lg border border-border">
        {raises.map((raise) => {
          const awaiting = raise.status === 'awaiting_second_approval';
          return (
            <li key={raise.id} className="space-y-1.5 p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-ink">{limitsText(text, raise)}</span>
                <Badge tone={awaiting ? 'blue' : raise.status === 'applied' ? 'green' : 'red'}>
                  {awaiting ? <ShieldCheck aria-hidden="true" className="me-1 h-3 w-3" /> : null}
                  {text(STATUS_LABELS[raise.status])}
                </Badge>
              </div>
              <p className="break-words text-ink-muted">
                {text('userDetail.limits.reason', { reason: raise.reason })}
              </p>
              <p className="text-xs text-ink-muted">
                {text('userDetail.limits.requestedBy', {
                  name: raise.requestedByName ?? text('userDetail.limits.anAdmin'),
                  time: formatDateTime(raise.createdAt),
                  note: reviewNote(text, raise),
                })}
              </p>
              {awaiting ? (
                <SecondApprovalActions
                  className="space-y-1.5 pt-1"
                  of={text('userDetail.limits.of', { limits: limitsText(text, raise) })}
                  ownRequest={raise.requestedBy === me.data?.id}
                  ownRequestNote={text('userDetail.limits.ownRequest')}
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
  const { text } = useUserDetailMessages();
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
              title: text('userDetail.limits.raised'),
              description: text('userDetail.limits.raisedDescription', {
                name: userName,
                limits: limitsText(text, result),
              }),
              variant: 'success',
            }
          : {
              title: text('userDetail.limits.firstApproval'),
              description: text('userDetail.limits.firstApprovalDescription'),
              variant: 'success',
            },
      );
      onClose();
    } catch (error) {
      reportFormError(form, error, { fallback: text('userDetail.limits.raiseFailed') });
    }
  };
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={text('userDetail.limits.raiseTitle')}
      description={text('userDetail.limits.raiseDescription', {
        name: userName,
        day: formatUsdt(view.limits.day.limit),
        month: formatUsdt(view.limits.month.limit),
        threshold: formatUsdt(view.secondApprovalThreshold),
      })}
      onSubmit={form.handleSubmit(submit)}
      submitLabel={text('userDetail.limits.raise')}
      busy={isLoading}
      busyLabel={text('userDetail.limits.raising')}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={text('userDetail.limits.newDaily')}
          control={MoneyInput}
          min="0"
          error={errors.dailyLimit?.message}
          {...form.register('dailyLimit', { deps: ['monthlyLimit'] })}
        />
        <TextField
          label={text('userDetail.limits.newMonthly')}
          control={MoneyInput}
          min="0"
          error={errors.monthlyLimit?.message}
          {...form.register('monthlyLimit')}
        />
      </div>
      <TextareaField
        label={text('userDetail.limits.reasonLabel')}
        hint={text('userDetail.limits.reasonHint')}
        error={errors.reason?.message}
        maxLength={500}
        className="min-h-20"
        {...form.register('reason')}
      />
    </FormDialog>
  );
}

/** What the approve and reject dialogs of one waiting raise are given. */
interface RaiseDecisionProps {
  raise: WithdrawalLimitRaise;
  userName: string;
  onClose: () => void;
}

function ApproveDialog({ raise, userName, onClose }: RaiseDecisionProps) {
  const { text } = useUserDetailMessages();
  const [review, { isLoading }] = useReviewLimitRaiseMutation();
  const approve = async () => {
    try {
      await review({
        id: raise.id,
        userId: raise.userId,
        body: { status: 'approved', rejectionReason: null },
      }).unwrap();
      toast({ title: text('userDetail.limits.raised'), variant: 'success' });
      onClose();
    } catch (error) {
      toastFailure(error, { fallback: text('userDetail.limits.approveFailed') });
    }
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={text('userDetail.limits.approveTitle')}
      description={text('userDetail.limits.approveDescription', {
        name: userName,
        limits: limitsText(text, raise),
        requester: raise.requestedByName ?? text('userDetail.limits.anAdmin'),
        reason: raise.reason,
      })}
      confirmLabel={text('userDetail.review.approve')}
      onConfirm={approve}
      busy={isLoading}
    />
  );
}

function RejectDialog({ raise, userName, onClose }: RaiseDecisionProps) {
  const { text } = useUserDetailMessages();
  const [review, { isLoading }] = useReviewLimitRaiseMutation();
  const [reason, setReason] = useState('');
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={text('userDetail.limits.rejectTitle')}
      description={text('userDetail.limits.rejectDescription', {
        name: userName,
        limits: limitsText(text, raise),
      })}
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
            toast({ title: text('userDetail.limits.rejected'), variant: 'success' });
            onClose();
          })
          .catch((error: unknown) =>
            toastFailure(error, { fallback: text('userDetail.limits.rejectFailed') }),
          );
      }}
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
