// The review dialogs Manage Withdrawals and a withdrawal's own page share (docs/decisions/0121): Approve with an
// optional TRC-20 transaction id (checked as typed), Reject with an optional reason, or the payout's transaction id
// given after the approval.
import { useState } from 'react';
import type { AdminWithdrawal } from '@cropvest/contracts/wallet/model';
import { lazyZodResolver, reportFormError, toastFailure, useContractForm } from '@cropvest/web-kit/form';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { TextField } from '@cropvest/ui/input';
import { toast } from '@cropvest/ui/toast';
import { formatUsdt, shortenAddress } from '@cropvest/ui/format';
import { useReviewWithdrawalMutation } from '../../api/wallet.ts';
import { ReviewActions } from '../../shared/review-queue/ReviewActions.tsx';
import { PayoutTxidDialog } from './PayoutTxidDialog.tsx';
import { approvalBody, PAYOUT_TXID_HINT, rejectionBody, type ApprovalStage } from './rules.ts';

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
  return (
    <ReviewActions
      stage={stage}
      of={`the ${formatUsdt(withdrawal.amount)} withdrawal of ${withdrawal.user.name}`}
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

const describe = (withdrawal: AdminWithdrawal) =>
  `${formatUsdt(withdrawal.amount)} to ${withdrawal.user.name} (${shortenAddress(withdrawal.walletAddress)})`;

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
          title: 'First approval recorded',
          description: 'A second admin must approve this withdrawal before it is paid.',
          variant: 'success',
        });
      else
        toast({
          title: `Withdrawal ${result.status} successfully!`,
          description: txid
            ? 'The platform is verifying the payout on chain.'
            : "Add the payout's transaction id to the row so the platform can verify it.",
          variant: 'success',
        });
      onClose();
    } catch (error) {
      reportFormError(form, error, { fallback: 'Failed to update withdrawal status' });
    }
  };
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Approve Withdrawal"
      description={
        stage === 'first'
          ? `${describe(withdrawal)}. This amount needs two admins: your approval is recorded and nothing is sent until another admin approves.`
          : `${describe(withdrawal)}. Send the transfer first, then record its transaction id.`
      }
      onSubmit={form.handleSubmit(submit)}
      submitLabel="Approve"
      busy={isLoading}
      busyLabel="Approving…"
    >
      <TextField
        label="Transaction ID (optional)"
        hint={PAYOUT_TXID_HINT}
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
  const [review, { isLoading }] = useReviewWithdrawalMutation();
  const [reason, setReason] = useState('');
  const submit = async () => {
    try {
      const result = await review({ id: withdrawal.id, body: rejectionBody(reason) }).unwrap();
      toast({ title: `Withdrawal ${result.status} successfully!`, variant: 'success' });
      onClose();
    } catch (error) {
      toastFailure(error, { fallback: 'Failed to update withdrawal status' });
    }
  };
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Reject Withdrawal"
      description={`${describe(withdrawal)}. The funds return to the investor's balance.`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      submitLabel="Reject"
      busy={isLoading}
      busyLabel="Rejecting…"
    >
      <TextField
        label="Rejection reason (optional)"
        hint="The investor sees it in their notification."
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
      />
    </FormDialog>
  );
}
