// The four-eyes proposals of a plan's money (docs/decisions/0091): a reserve allocation (amount and reason; applied
// at once below the second-approval threshold, otherwise waiting for another admin) and a settlement of a plan
// short of its payout (pay in full, postpone to a later day, pro rata, or failed with a report; always decided by
// a different admin). Then the second admin's Approve or Reject of either. A 409 is shown in the server's words.
import type { ReactNode } from 'react';
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
import { useSharedPlanFundingMessages, type SharedPlanFundingText } from './messages/catalogue.ts';
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
  const { text } = useSharedPlanFundingMessages();
  const failed = text('sharedPlanFunding.allocation.failed');
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
                title: text('sharedPlanFunding.allocation.allocated'),
                description: text('sharedPlanFunding.allocation.allocatedDescription', {
                  amount: formatUsdtPrecise(allocation.amount),
                  plan: plan.planTitle,
                }),
                variant: 'success',
              }
            : {
                title: text('sharedPlanFunding.allocation.awaiting'),
                description: text('sharedPlanFunding.allocation.awaitingDescription'),
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
      title={text('sharedPlanFunding.allocation.title')}
      description={text('sharedPlanFunding.allocation.description', { plan: plan.planTitle })}
      onSubmit={form.handleSubmit(submit)}
      submitLabel={text('sharedPlanFunding.allocation.submit')}
      busy={isSubmitting}
    >
      <AmountField
        hint={text('sharedPlanFunding.allocation.amountHint')}
        error={errors.amount?.message}
        registration={register('amount')}
      />
      <TextareaField
        label={text('sharedPlanFunding.allocation.reason')}
        hint={text('sharedPlanFunding.allocation.reasonHint')}
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
  const { text } = useSharedPlanFundingMessages();
  const failed = text('sharedPlanFunding.proposal.failed');
  const { refusal, attempt } = useRefusal(failed);

  const submit = (body: FieldValues) =>
    attempt(
      async () => {
        await propose({ planId: plan.planId, body: body as never }).unwrap();
        toast({
          title: text('sharedPlanFunding.proposal.proposed'),
          description: text('sharedPlanFunding.proposal.proposedDescription'),
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
      title={text('sharedPlanFunding.proposal.title')}
      description={text('sharedPlanFunding.proposal.description', { plan: plan.planTitle })}
      onSubmit={form.handleSubmit(submit)}
      submitLabel={text('sharedPlanFunding.proposal.submit')}
      busy={isSubmitting}
      className="max-h-[90vh] overflow-y-auto sm:max-w-xl"
    >
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-ink">
          {text('sharedPlanFunding.proposal.legend')}
        </legend>
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
              <span className="block font-medium text-ink">{text(SETTLEMENT_ACTIONS[value].label)}</span>
              <span className="block text-ink-muted">{text(SETTLEMENT_ACTIONS[value].explained)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {action === 'postpone' ? (
        <TextField
          label={text('sharedPlanFunding.proposal.payOn')}
          type="date"
          min={tomorrow()}
          aria-required="true"
          hint={text('sharedPlanFunding.proposal.payOnHint')}
          error={errors.until?.message}
          {...register('until')}
        />
      ) : null}
      {action === 'fail' ? (
        <TextareaField
          label={text('sharedPlanFunding.proposal.report')}
          hint={text('sharedPlanFunding.proposal.reportHint')}
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
  const { text } = useSharedPlanFundingMessages();
  const stage = proposalStage(proposal, adminId);
  if (stage === 'waiting-for-another-admin')
    return <p className="max-w-[14rem] text-xs text-ink-muted">{text('sharedPlanFunding.proposal.yours')}</p>;
  return (
    <ReviewActions stage={stage} of={of} onApprove={() => onDecide(true)} onReject={() => onDecide(false)} />
  );
}

/** What the decision dialog says of a settlement proposal. */
export const settlementSummary = (settlement: Settlement, text: SharedPlanFundingText): string => {
  const label = text(SETTLEMENT_ACTIONS[settlement.action].label);
  if (settlement.action === 'postpone')
    return text('sharedPlanFunding.settlement.summaryPostpone', {
      label,
      date: formatDate(settlement.until),
    });
  if (settlement.action === 'fail')
    return text('sharedPlanFunding.settlement.summaryFail', { label, report: settlement.report ?? '' });
  return label;
};

export type Decision =
  | { what: 'settlement'; approve: boolean; settlement: Settlement; planTitle: string }
  | { what: 'allocation'; approve: boolean; allocation: ReserveAllocation; planTitle: string };

/** The second admin's Approve (what it does, in full) or Reject, confirmed; a 409 stays in the dialog. */
export function DecisionDialog({ decision, onDone }: { decision: Decision; onDone: () => void }) {
  const [decideSettlement, settling] = useDecideSettlementMutation();
  const [decideAllocation, allocating] = useDecideAllocationMutation();
  const { approve, planTitle, what: noun } = decision;
  const { text, rich } = useSharedPlanFundingMessages();
  const failed = text('sharedPlanFunding.decision.failed', { approve: String(approve), what: noun });
  const { refusal, attempt } = useRefusal(failed);

  const confirm = () =>
    attempt(
      async () => {
        if (decision.what === 'settlement')
          await decideSettlement({ settlement: decision.settlement, approve }).unwrap();
        else await decideAllocation({ allocation: decision.allocation, approve }).unwrap();
        toast({
          title: text('sharedPlanFunding.decision.done', { approve: String(approve), what: noun }),
          description: approve
            ? decision.what === 'settlement'
              ? text('sharedPlanFunding.decision.settled', { plan: planTitle })
              : text('sharedPlanFunding.decision.allocated', { plan: planTitle })
            : text('sharedPlanFunding.decision.unchanged'),
          variant: 'success',
        });
        onDone();
      },
      (error) => {
        toastFailure(error, { fallback: failed });
        onDone();
      },
    );

  const b = (chunks: ReactNode[]) => <span className="font-medium">{chunks}</span>;
  const what =
    decision.what === 'settlement' ? (
      <p>
        {rich('sharedPlanFunding.decision.settlementWhat', {
          plan: planTitle,
          summary: settlementSummary(decision.settlement, text),
          b,
        })}
      </p>
    ) : (
      <p>
        {rich('sharedPlanFunding.decision.allocationWhat', {
          amount: formatUsdtPrecise(decision.allocation.amount),
          plan: planTitle,
          reason: decision.allocation.reason,
          b,
        })}
      </p>
    );
  const effect = approve
    ? decision.what === 'settlement'
      ? text('sharedPlanFunding.decision.settlementEffect', {
          explained: text(SETTLEMENT_ACTIONS[decision.settlement.action].explained),
        })
      : text('sharedPlanFunding.decision.allocationEffect')
    : text('sharedPlanFunding.decision.rejectEffect');

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onDone())}
      title={text('sharedPlanFunding.decision.title', { approve: String(approve), what: noun })}
      description={
        <div className="space-y-2">
          {what}
          <p>{effect}</p>
          <Refusal text={refusal} />
        </div>
      }
      confirmLabel={text(
        approve ? 'sharedPlanFunding.decision.approve' : 'sharedPlanFunding.decision.reject',
      )}
      tone={approve ? 'primary' : 'destructive'}
      busy={settling.isLoading || allocating.isLoading}
      onConfirm={confirm}
    />
  );
}
