// "Assign to investor": the investor who sent the transfer (found through the admin user list) and the reason, then
// a confirmation that names the amount, the transaction and the investor. Below the second-approval threshold the
// investor is credited at once; at or above it the assignment holds the transfer until another admin approves.
import { useState } from 'react';
import type { UnmatchedTransfer } from '@cropvest/contracts/chain/unmatched';
import { lazyZodResolver, toastFailure, useContractForm } from '@cropvest/web-kit/form';
import { networkLabel } from '@cropvest/ui/chain-text';
import { ConfirmDialog } from '@cropvest/ui/confirm-dialog';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { formatUsdtPrecise } from '@cropvest/ui/format';
import { TextareaField } from '@cropvest/ui/textarea';
import { toast } from '@cropvest/ui/toast';
import { useAssignTransferMutation } from '../../api/chain.ts';
import { InvestorPicker, type Investor } from './InvestorPicker.tsx';
import { shortId } from '../../shared/unmatched/list.ts';

export const ASSIGN_FAILED = 'Failed to assign the transfer';

interface AssignInput {
  userId: string;
  reason: string;
}

export function AssignDialog({ transfer, onClose }: { transfer: UnmatchedTransfer; onClose: () => void }) {
  const [assign, assigning] = useAssignTransferMutation();
  const [investor, setInvestor] = useState<Investor | null>(null);
  const [confirming, setConfirming] = useState(false);
  const form = useContractForm<AssignInput, AssignInput>({
    resolver: lazyZodResolver<AssignInput, AssignInput>(() =>
      import('./schemas.ts').then((m) => m.AssignForm),
    ),
    defaultValues: { userId: '', reason: '' },
  });
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    formState: { errors },
  } = form;
  const amount = formatUsdtPrecise(transfer.amount);
  const network = networkLabel(transfer.network);

  const confirm = async () => {
    const { userId, reason } = getValues();
    try {
      const result = await assign({
        network: transfer.network,
        txid: transfer.txid,
        userId,
        reason: reason.trim(),
      }).unwrap();
      toast(
        result.status === 'applied'
          ? {
              title: 'Transfer assigned',
              description: `${amount} is credited to ${result.user.name}.`,
              variant: 'success',
            }
          : {
              title: 'First approval recorded',
              description: 'Another admin must approve this assignment before the investor is credited.',
              variant: 'success',
            },
      );
      onClose();
    } catch (error) {
      toastFailure(error, { fallback: ASSIGN_FAILED });
      onClose();
    }
  };

  if (confirming && investor)
    return (
      <ConfirmDialog
        open
        onOpenChange={(open) => (open ? undefined : setConfirming(false))}
        title="Assign this transfer?"
        description={
          <div className="space-y-2">
            <p>
              {amount} sent on {network} in transaction{' '}
              <span className="break-all font-mono text-xs" title={transfer.txid}>
                {shortId(transfer.txid)}
              </span>{' '}
              will be credited to <span className="font-medium">{investor.name}</span> ({investor.email}).
            </p>
            <p>Reason: {getValues('reason').trim()}</p>
            <p>
              At or above the second-approval threshold another admin must approve it first. A credit cannot
              be undone.
            </p>
          </div>
        }
        cancelLabel="Back"
        confirmLabel="Assign"
        busy={assigning.isLoading}
        onConfirm={confirm}
      />
    );

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Assign to investor"
      description={`${amount} on ${network}, transaction ${shortId(transfer.txid)}. Choose the investor who sent it and say how you know.`}
      onSubmit={handleSubmit(() => setConfirming(true))}
      submitLabel="Continue"
    >
      <input type="hidden" {...register('userId')} />
      <InvestorPicker
        chosen={investor}
        onChoose={(chosen) => {
          setInvestor(chosen);
          setValue('userId', chosen.id, { shouldValidate: true });
        }}
        error={errors.userId?.message}
      />
      <TextareaField
        label="Reason"
        hint="Up to 500 characters: how you know the investor sent it (a support ticket, the sender's address). Kept in the audit trail and on the ledger entry."
        error={errors.reason?.message}
        maxLength={500}
        className="min-h-20"
        {...register('reason')}
      />
    </FormDialog>
  );
}
