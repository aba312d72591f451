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
import { useUnmatchedMessages } from './messages/catalogue.ts';

interface AssignInput {
  userId: string;
  reason: string;
}

export function AssignDialog({ transfer, onClose }: { transfer: UnmatchedTransfer; onClose: () => void }) {
  const { text, rich } = useUnmatchedMessages();
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
              title: text('unmatched.assign.assigned'),
              description: text('unmatched.review.credited', { amount, name: result.user.name }),
              variant: 'success',
            }
          : {
              title: text('unmatched.assign.firstApproval'),
              description: text('unmatched.assign.firstApprovalDescription'),
              variant: 'success',
            },
      );
      onClose();
    } catch (error) {
      toastFailure(error, { fallback: text('unmatched.assign.failed') });
      onClose();
    }
  };

  if (confirming && investor)
    return (
      <ConfirmDialog
        open
        onOpenChange={(open) => (open ? undefined : setConfirming(false))}
        title={text('unmatched.assign.confirmTitle')}
        description={
          <div className="space-y-2">
            <p>
              {rich('unmatched.assign.confirmWhat', {
                amount,
                network,
                txid: shortId(transfer.txid),
                name: investor.name,
                email: investor.email,
                code: (chunks) => (
                  <span className="break-all font-mono text-xs" title={transfer.txid}>
                    {chunks}
                  </span>
                ),
                strong: (chunks) => <span className="font-medium">{chunks}</span>,
              })}
            </p>
            <p>{text('unmatched.held.reason', { reason: getValues('reason').trim() })}</p>
            <p>{text('unmatched.assign.threshold')}</p>
          </div>
        }
        cancelLabel={text('unmatched.assign.back')}
        confirmLabel={text('unmatched.assign.confirm')}
        busy={assigning.isLoading}
        onConfirm={confirm}
      />
    );

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={text('unmatched.assign.title')}
      description={text('unmatched.assign.description', { amount, network, txid: shortId(transfer.txid) })}
      onSubmit={handleSubmit(() => setConfirming(true))}
      submitLabel={text('unmatched.assign.continue')}
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
        label={text('unmatched.assign.reason')}
        hint={text('unmatched.assign.reasonHint')}
        error={errors.reason?.message}
        maxLength={500}
        className="min-h-20"
        {...register('reason')}
      />
    </FormDialog>
  );
}
