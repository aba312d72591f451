// "Add transaction id" / "Correct transaction id" (PUT /api/admin/withdrawals/{id}/txid, docs/decisions/0080): the
// TRC-20 id of the payout an admin sent for an approved withdrawal, checked in the browser with the contract's own
// rule (checkTxid) before anything is sent; the chain then verifies it. A 409 (the withdrawal is not approved, or
// its payout is already verified or being verified) is shown in the dialog with the server's message, and the
// row is read again.
import { useState } from 'react';
import type { AdminWithdrawal } from '@cropvest/contracts/wallet/model';
import { isApiError, toastMessage } from '@cropvest/web-kit/errors';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { payoutVerdictView } from '@cropvest/ui/chain-text';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { TextField } from '@cropvest/ui/input';
import { toast } from '@cropvest/ui/toast';
import { useRecordPayoutTxidMutation } from '../../api/wallet.ts';
import { TXID_ACTION_LABELS } from './PayoutCell.tsx';
import { describeWithdrawal } from './describe.ts';
import { useWithdrawalsMessages } from './messages/catalogue.ts';

interface TxidInput {
  txid: string;
}
const resolver = lazyZodResolver<TxidInput, { txid: string | null }>(() =>
  import('./schemas.ts').then((m) => m.RequiredPayoutTxidForm),
);

const fullStop = (text: string) => (/[.…!?]$/.test(text) ? text : `${text}.`);

export function PayoutTxidDialog({
  withdrawal,
  action,
  onClose,
}: {
  withdrawal: AdminWithdrawal;
  action: 'add' | 'correct';
  onClose: () => void;
}) {
  const { text } = useWithdrawalsMessages();
  const [record, { isLoading }] = useRecordPayoutTxidMutation();
  // A wrong or unknown id is offered for correction as it stands (a typo is fixed in place).
  const form = useContractForm<TxidInput, { txid: string | null }>({
    resolver,
    defaultValues: { txid: withdrawal.txid ?? '' },
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const verdict = payoutVerdictView(withdrawal);

  const submit = async ({ txid }: { txid: string | null }) => {
    if (!txid) return;
    setRefusal(null);
    try {
      await record({ id: withdrawal.id, txid }).unwrap();
      toast({
        title: text('withdrawals.txid.saved'),
        description: text('withdrawals.txid.verifying'),
        variant: 'success',
      });
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 409)
        setRefusal(toastMessage(error, text('withdrawals.txid.closed')));
      else reportFormError(form, error, { fallback: text('withdrawals.txid.failed') });
    }
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={text(TXID_ACTION_LABELS[action])}
      description={
        <span className="block space-y-1">
          <span className="block">{fullStop(describeWithdrawal(withdrawal, text))}</span>
          {verdict ? (
            <span className="block">{text('withdrawals.txid.now', { verdict: fullStop(verdict.text) })}</span>
          ) : null}
        </span>
      }
      onSubmit={form.handleSubmit(submit)}
      submitLabel={text('withdrawals.txid.submit')}
      busy={isLoading}
      busyLabel={text('withdrawals.txid.busy')}
    >
      <TextField
        label={text('withdrawals.txid.label')}
        hint={text('withdrawals.txid.hint')}
        maxLength={200}
        autoComplete="off"
        spellCheck={false}
        aria-required="true"
        className="font-mono"
        error={form.formState.errors.txid?.message}
        {...form.register('txid')}
      />
      {refusal ? (
        <p
          role="alert"
          className="rounded-md border border-danger-border bg-danger-muted p-3 text-sm text-danger-ink"
        >
          {refusal}
        </p>
      ) : null}
    </FormDialog>
  );
}
