// The four-eyes proposals of a plan's money (docs/decisions/0091): a reserve allocation (amount and reason; applied
// at once below the second-approval threshold, otherwise waiting for another admin) and a settlement of a plan
// short of its payout (pay in full, postpone to a later day, pro rata, or failed with a report; always decided by
// a different admin). Then the second admin's Approve or Reject of either. A 409 is shown in the server's words.
import type { FieldValues } from 'react-hook-form';
import type { PlanFunding, ReserveAllocation, Settlement } from '@cropvest/contracts/plans/funding';
import { lazyZodResolver, reportFormError, toastFailure, useContractForm } from '@cropvest/web-kit/form';
import { ConfirmDialog } from '@cropvest/ui/confirm-dialog';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { formatDate, formatUsdtPrecise } from '@cropvest/ui/format';
import { TextField } from '@cropvest/ui/input';
import { TextareaField } from '@cropvest/ui/textarea';
import { toast } from '@cropvest/ui/toast';
import {
  useDecideAllocationMutation,
  useDecideSettlementMutation,
  useProposeSettlementMutation,
  useRequestAllocationMutation,
} from '../../api/plans.ts';
import { ReviewActions } from '../review-queue/ReviewActions.tsx';
import { AmountField, Refusal, useRefusal } from './form-parts.tsx';
import { proposalStage, SETTLEMENT_ACTIONS, tomorrow } from './rules.ts';

const allocationResolver = lazyZodResolver<{ amount: string; reason: string }, FieldValues>(() =>
  import('./schemas.ts').then((m) => m.AllocationForm),
);

export function AllocationDialog({ plan, onClose }: { plan: PlanFunding; onClose: () => void }) {
  const [request] = useRequestAllocationMutation();
  const form = useContractForm<{ amount: string; reason: string }, FieldValues>({
    resolver: allocationResolver,
    defaultValues: { amount: '', reason: '' },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const failed = 'Failed to request the allocation';
  const { refusal, attempt } = useRefusal(failed);

  const submit = (body: FieldValues) =>
    attempt(
      async () => {
        const allocation = await request({
          planId: plan.planId,
          body: body as { amount: string; reason: string },
        }).unwrap();
        toast(
          allocation.status === 'approved'
            ? {
                title: 'Reserve allocated',
                description: `${formatUsdtPrecise(allocation.amount)} of the reserve now backs ${plan.planTitle}.`,
                variant: 'success',
              }
            : {
                title: 'Allocation awaits a second admin',
                description: 'It is above the second-approval threshold: another admin must approve it.',
                variant: 'success',
              },
        );
        onClose();
      },
      (error) => reportFormError(form, error, { fallback: failed }),
    );

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Allocate reserve"
      description={`Move platform reserve to ${plan.planTitle}, so its harvest can be paid. Above the second-approval threshold another admin must approve it.`}
      onSubmit={form.handleSubmit(submit)}
      submitLabel="Allocate"
      busy={isSubmitting}
    >
      <AmountField
        hint="USDT from the reserve fund."
        error={errors.amount?.message}
        registration={register('amount')}
      />
      <TextareaField
        label="Reason"
        hint="Why the reserve backs this plan. Kept in the audit trail. Up to 1000 characters."
        maxLength={1000}
        aria-required="true"
        className="min-h-20"
        error={errors.reason?.message}
        {...register('reason')}
      />
      <Refusal text={refusal} />
    </FormDialog>
  );
}

interface SettlementInput {
  action: Settlement['action'];
  until: string;
  report: string;
}

const settlementResolver = lazyZodResolver<SettlementInput, FieldValues>(() =>
  import('./schemas.ts').then((m) => m.SettlementForm),
);

export function SettlementDialog({ plan, onClose }: { plan: PlanFunding; onClose: () => void }) {
  const [propose] = useProposeSettlementMutation();
  const form = useContractForm<SettlementInput, FieldValues>({
    resolver: settlementResolver,
    defaultValues: { action: 'pro_rata', until: tomorrow(), report: '' },
  });
  const {
    register,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const action = watch('action');
  const failed = 'Failed to propose the settlement';
  const { refusal, attempt } = useRefusal(failed);

  const submit = (body: FieldValues) =>
    attempt(
      async () => {
        await propose({ planId: plan.planId, body: body as never }).unwrap();
        toast({
          title: 'Settlement proposed',
          description: 'It waits for a second admin: another admin must approve it before anything is paid.',
          variant: 'success',
        });
        onClose();
      },
      (error) => reportFormError(form, error, { fallback: failed }),
    );

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Propose a settlement"
      description={`${plan.planTitle} holds less than its investors are due. Choose how to settle it; a different admin must approve your proposal.`}
      onSubmit={form.handleSubmit(submit)}
      submitLabel="Propose settlement"
      busy={isSubmitting}
      className="max-h-[90vh] overflow-y-auto sm:max-w-xl"
    >
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-ink">Settlement</legend>
        {(Object.keys(SETTLEMENT_ACTIONS) as Settlement['action'][]).map((value) => (
          <label
            key={value}
            className="flex cursor-pointer gap-3 rounded-lg border border-border p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-muted"
          >
            <input
              type="radio"
              value={value}
              className="mt-1 h-4 w-4 accent-brand focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
              {...register('action')}
            />
            <span className="min-w-0 text-sm">
              <span className="block font-medium text-ink">{SETTLEMENT_ACTIONS[value].label}</span>
              <span className="block text-ink-muted">{SETTLEMENT_ACTIONS[value].explained}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {action === 'postpone' ? (
        <TextField
          label="Pay on"
          type="date"
          min={tomorrow()}
          aria-required="true"
          hint="A later day; interest stops at the harvest day."
          error={errors.until?.message}
          {...register('until')}
        />
      ) : null}
      {action === 'fail' ? (
        <TextareaField
          label="Failure report"
          hint="What happened to the crop, in plain words: the plan's investors read it. Up to 1000 characters."
          maxLength={1000}
          aria-required="true"
          className="min-h-24"
          error={errors.report?.message}
          {...register('report')}
        />
      ) : null}
      <Refusal text={refusal} />
    </FormDialog>
  );
}

/**
 * Approve and Reject of a proposal for an admin who did not make it; its proposer is told it waits for another
 * admin (the server refuses the proposer's own approval and rejection alike).
 */
export function ProposalActions({
  proposal,
  adminId,
  of,
  onDecide,
}: {
  proposal: Pick<Settlement | ReserveAllocation, 'status' | 'requestedBy'>;
  adminId: string | undefined;
  /** For screen readers: "the settlement of Short Maize". */
  of: string;
  onDecide: (approve: boolean) => void;
}) {
  const stage = proposalStage(proposal, adminId);
  if (stage === 'waiting-for-another-admin')
    return (
      <p className="max-w-[14rem] text-xs text-ink-muted">
        You proposed it: another admin must approve or reject it.
      </p>
    );
  return (
    <ReviewActions stage={stage} of={of} onApprove={() => onDecide(true)} onReject={() => onDecide(false)} />
  );
}

/** What the decision dialog says of a settlement proposal. */
export const settlementSummary = (settlement: Settlement): string => {
  const { label } = SETTLEMENT_ACTIONS[settlement.action];
  if (settlement.action === 'postpone') return `${label} to ${formatDate(settlement.until)}`;
  if (settlement.action === 'fail') return `${label}. Report: ${settlement.report ?? ''}`;
  return label;
};

export type Decision =
  | { what: 'settlement'; approve: boolean; settlement: Settlement; planTitle: string }
  | { what: 'allocation'; approve: boolean; allocation: ReserveAllocation; planTitle: string };

/** The second admin's Approve (what it does, in full) or Reject, confirmed; a 409 stays in the dialog. */
export function DecisionDialog({ decision, onDone }: { decision: Decision; onDone: () => void }) {
  const [decideSettlement, settling] = useDecideSettlementMutation();
  const [decideAllocation, allocating] = useDecideAllocationMutation();
  const { approve, planTitle } = decision;
  const noun = decision.what === 'settlement' ? 'settlement' : 'allocation';
  const failed = `Failed to ${approve ? 'approve' : 'reject'} the ${noun}`;
  const { refusal, attempt } = useRefusal(failed);

  const confirm = () =>
    attempt(
      async () => {
        if (decision.what === 'settlement')
          await decideSettlement({ settlement: decision.settlement, approve }).unwrap();
        else await decideAllocation({ allocation: decision.allocation, approve }).unwrap();
        toast({
          title: `${noun === 'settlement' ? 'Settlement' : 'Allocation'} ${approve ? 'approved' : 'rejected'}`,
          description: approve
            ? decision.what === 'settlement'
              ? `${planTitle} is settled: its investors are paid as approved.`
              : `The reserve now backs ${planTitle}.`
            : 'Nothing changes; a new proposal can be made.',
          variant: 'success',
        });
        onDone();
      },
      (error) => {
        toastFailure(error, { fallback: failed });
        onDone();
      },
    );

  const what =
    decision.what === 'settlement' ? (
      <p>
        Proposed for <span className="font-medium">{planTitle}</span>:{' '}
        {settlementSummary(decision.settlement)}.
      </p>
    ) : (
      <p>
        {formatUsdtPrecise(decision.allocation.amount)} of the reserve to{' '}
        <span className="font-medium">{planTitle}</span>. Reason: {decision.allocation.reason}
      </p>
    );
  const effect = approve
    ? decision.what === 'settlement'
      ? `${SETTLEMENT_ACTIONS[decision.settlement.action].explained} It is carried out at once and cannot be undone.`
      : 'The reserve moves to the plan at once. It cannot be undone.'
    : 'The proposal is rejected; nothing is paid or moved.';

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onDone())}
      title={`${approve ? 'Approve' : 'Reject'} this ${noun}?`}
      description={
        <div className="space-y-2">
          {what}
          <p>{effect}</p>
          <Refusal text={refusal} />
        </div>
      }
      confirmLabel={approve ? 'Approve' : 'Reject'}
      tone={approve ? 'primary' : 'destructive'}
      busy={settling.isLoading || allocating.isLoading}
      onConfirm={confirm}
    />
  );
}
