// The review dialogs Manage Withdrawals and a withdrawal's own page share (docs/decisions/0121): Approve with an
// optional TRC-20 transaction id (checked as typed), Reject with an optional reason, or the payout's transaction id
// given after the approval.
import { useState } from 'react';
import type { AdminWithdrawal } from '@cropvest/contracts/wallet/model';
import { lazyZodResolver, reportFormError, toastFailure, useContractForm } from '@cropvest/web-kit/form';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { TextField } from '@cropvest/ui/input';
import { toast } from '@cropvest/ui/toast';
import { useReviewWithdrawalMutation } from '../../api/wallet.ts';
import { ReviewActions } from '../../shared/review-queue/ReviewActions.tsx';
import { PayoutTxidDialog } from './PayoutTxidDialog.tsx';
import { approvalBody, rejectionBody, type ApprovalStage } from './rules.ts';
import { describeWithdrawal, withdrawalOf } from './describe.ts';
import { useWithdrawalsMessages } from './messages/catalogue.ts';

export type WithdrawalDecision =
  | { kind: 'approve' | 'reject'; withdrawal: AdminWithdrawal; stage: ApprovalStage }
  | { kind: 'txid'; withdrawal: AdminWithdrawal; action: 'add' | 'correct' };

/** Approve and Reject (or the four-eyes note) of a pending withdrawal, each opening its decision. */
export function WithdrawalReviewActions({
  withdrawal,
  stage,
  decide,
}: {
  withdrawal: AdminWithdrawal;
  stage: ApprovalStage;
  decide: (decision: WithdrawalDecision) => void;
}) {
  const { text } = useWithdrawalsMessages();
  return (
    <ReviewActions
      stage={stage}
      of={withdrawalOf(withdrawal, text)}
      onApprove={() => decide({ kind: 'approve', withdrawal, stage })}
      onReject={() => decide({ kind: 'reject', withdrawal, stage })}
    />
  );
}

/**
 * The Approve dialog (optional TRC-20 transaction id, checked as typed), the Reject dialog (optional reason), or
 * the payout's transaction id given after the approval.
 */
export function ReviewDialog({ decision, onClose }: { decision: WithdrawalDecision; onClose: () => void }) {
  if (decision.kind === 'txid')
    return <PayoutTxidDialog withdrawal={decision.withdrawal} action={decision.action} onClose={onClose} />;
  return decision.kind === 'approve' ? (
    <ApproveDialog withdrawal={decision.withdrawal} stage={decision.stage} onClose={onClose} />
  ) : (
    <RejectDialog withdrawal={decision.withdrawal} onClose={onClose} />
  );
}

interface PayoutTxidInput {
  txid: string;
}
const payoutResolver = lazyZodResolver<PayoutTxidInput, { txid: string | null }>(() =>
  import('./schemas.ts').then((m) => m.PayoutTxidForm),
);

function ApproveDialog({
  withdrawal,
  stage,
  onClose,
}: {
  withdrawal: AdminWithdrawal;
  stage: ApprovalStage;
  onClose: () => void;
}) {
  const { text } = useWithdrawalsMessages();
  const [review, { isLoading }] = useReviewWithdrawalMutation();
  const form = useContractForm<PayoutTxidInput, { txid: string | null }>({
    resolver: payoutResolver,
    defaultValues: { txid: '' },
  });
  const submit = async ({ txid }: { txid: string | null }) => {
    try {
      const result = await review({ id: withdrawal.id, body: approvalBody(txid) }).unwrap();
      if (result.status === 'pending')
        toast({
          title: text('withdrawals.approve.firstApproval'),
          description: text('withdrawals.approve.firstApprovalDescription'),
          variant: 'success',
        });
      else
        toast({
          title: text('withdrawals.toast.reviewed', { status: result.status }),
          description: txid ? text('withdrawals.txid.verifying') : text('withdrawals.approve.addTxid'),
          variant: 'success',
        });
      onClose();
    } catch (error) {
      reportFormError(form, error, { fallback: text('withdrawals.toast.failed') });
    }
  };
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={text('withdrawals.approve.title')}
      description={text(stage === 'first' ? 'withdrawals.approve.needsTwo' : 'withdrawals.approve.send', {
        request: describeWithdrawal(withdrawal, text),
      })}
      onSubmit={form.handleSubmit(submit)}
      submitLabel={text('withdrawals.approve.submit')}
      busy={isLoading}
      busyLabel={text('withdrawals.approve.busy')}
    >
      <TextField
        label={text('withdrawals.approve.txid')}
        hint={text('withdrawals.txid.hint')}
        maxLength={200}
        autoComplete="off"
        spellCheck={false}
        className="font-mono"
        error={form.formState.errors.txid?.message}
        {...form.register('txid')}
      />
    </FormDialog>
  );
}

function RejectDialog({ withdrawal, onClose }: { withdrawal: AdminWithdrawal; onClose: () => void }) {
  const { text } = useWithdrawalsMessages();
  const [review, { isLoading }] = useReviewWithdrawalMutation();
  const [reason, setReason] = useState('');
  const submit = async () => {
    try {
      const result = await review({ id: withdrawal.id, body: rejectionBody(reason) }).unwrap();
      toast({ title: text('withdrawals.toast.reviewed', { status: result.status }), variant: 'success' });
      onClose();
    } catch (error) {
      toastFailure(error, { fallback: text('withdrawals.toast.failed') });
    }
  };
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={text('withdrawals.reject.title')}
      description={text('withdrawals.reject.description', { request: describeWithdrawal(withdrawal, text) })}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      submitLabel={text('withdrawals.reject.submit')}
      busy={isLoading}
      busyLabel={text('withdrawals.reject.busy')}
    >
      <TextField
        label={text('withdrawals.reject.reason')}
        hint={text('withdrawals.reject.reasonHint')}
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
      />
    </FormDialog>
  );
}
