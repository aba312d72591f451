// "Record disbursement", "Record proceeds" and "Record contribution" (docs/decisions/0091): the same form for each
// record of money an admin keeps — the amount, the day, the on-chain transfer when the money moved on chain (its
// network and transaction id, checked with the contract's rule for that network), a photo or scan of the evidence
// (uploaded as soon as it is chosen) and the record's own words (a note, the buyer, or where the platform's money
// came from). The contract's schema validates it; a 409 (a closed plan, a payout already started, a transaction
// id that backs another record) is shown in the dialog in the server's words.
import { useState } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { NETWORK_TYPES } from '@cropvest/contracts/chain/networks';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { networkLabel } from '@cropvest/ui/chain-text';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { Field, TextField } from '@cropvest/ui/input';
import { Select } from '@cropvest/ui/select';
import { TextareaField } from '@cropvest/ui/textarea';
import { toast } from '@cropvest/ui/toast';
import { usePlanImage } from '../plans/PlanForm.tsx';
import { AmountField, Refusal, useRefusal } from './form-parts.tsx';
import { useSharedPlanFundingMessages, type SharedPlanFundingMessageId } from './messages/catalogue.ts';
import { NOT_ON_CHAIN, today } from './rules.ts';

export type RecordKind = 'disbursement' | 'proceeds' | 'contribution';

interface KindText {
  dayField: 'disbursedOn' | 'receivedOn';
  dayLabel: SharedPlanFundingMessageId;
  textField: 'note' | 'buyer' | 'source';
  textLabel: SharedPlanFundingMessageId;
  textHint: SharedPlanFundingMessageId;
  textMax: number;
  /** One line (the buyer's name) or several (a note, where the money came from). */
  multiline: boolean;
  schema: 'DisbursementForm' | 'ProceedsForm' | 'ContributionForm';
}

const KINDS: Record<RecordKind, KindText> = {
  disbursement: {
    dayField: 'disbursedOn',
    dayLabel: 'sharedPlanFunding.record.disbursement.day',
    textField: 'note',
    textLabel: 'sharedPlanFunding.record.disbursement.text',
    textHint: 'sharedPlanFunding.record.disbursement.hint',
    textMax: 1000,
    multiline: true,
    schema: 'DisbursementForm',
  },
  proceeds: {
    dayField: 'receivedOn',
    dayLabel: 'sharedPlanFunding.record.proceeds.day',
    textField: 'buyer',
    textLabel: 'sharedPlanFunding.record.proceeds.text',
    textHint: 'sharedPlanFunding.record.proceeds.hint',
    textMax: 200,
    multiline: false,
    schema: 'ProceedsForm',
  },
  contribution: {
    dayField: 'receivedOn',
    dayLabel: 'sharedPlanFunding.record.contribution.day',
    textField: 'source',
    textLabel: 'sharedPlanFunding.record.contribution.text',
    textHint: 'sharedPlanFunding.record.contribution.hint',
    textMax: 1000,
    multiline: true,
    schema: 'ContributionForm',
  },
};

const NETWORK_CHOICES = NETWORK_TYPES.map((network) => ({ value: network, label: networkLabel(network) }));

type RecordInput = Record<string, string>;

export interface RecordMoneyDialogProps {
  kind: RecordKind;
  title: string;
  description: string;
  submitLabel: string;
  /** Sends the record (the contract's request with the evidence's address); rejects with the API's error. */
  save: (body: FieldValues) => Promise<unknown>;
  saved: { title: string; description: string };
  failed: string;
  onClose: () => void;
}

export function RecordMoneyDialog({
  kind,
  title,
  description,
  submitLabel,
  save,
  saved,
  failed,
  onClose,
}: RecordMoneyDialogProps) {
  const text = KINDS[kind];
  const { text: message } = useSharedPlanFundingMessages();
  const [resolver] = useState(() =>
    lazyZodResolver<RecordInput, FieldValues>(() => import('./schemas.ts').then((m) => m[text.schema])),
  );
  const form = useContractForm<RecordInput, FieldValues>({
    resolver,
    defaultValues: {
      amount: '',
      [text.dayField]: today(),
      network: NOT_ON_CHAIN,
      txid: '',
      [text.textField]: '',
    },
  });
  const {
    register,
    control,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const evidence = usePlanImage(null, {
    label: message('sharedPlanFunding.record.evidence'),
    hint: message('sharedPlanFunding.record.evidenceHint'),
    currentAlt: message('sharedPlanFunding.record.evidenceAlt'),
  });
  const { refusal, attempt } = useRefusal(failed);
  const onChain = watch('network') !== NOT_ON_CHAIN;

  const submit = async (values: FieldValues) => {
    if (evidence.busy || evidence.failed) return;
    await attempt(
      async () => {
        await save({ ...values, evidenceUrl: evidence.imageUrl });
        toast({ ...saved, variant: 'success' });
        onClose();
      },
      (error) => reportFormError(form, error, { fallback: failed }),
    );
  };

  const errorOf = (field: string) => errors[field]?.message;

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      description={description}
      onSubmit={form.handleSubmit(submit)}
      submitLabel={submitLabel}
      busy={isSubmitting}
      submitDisabled={evidence.busy}
      className="max-h-[90vh] overflow-y-auto sm:max-w-xl"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <AmountField
          hint={message('sharedPlanFunding.record.amountHint')}
          error={errorOf('amount')}
          registration={register('amount')}
        />
        <TextField
          label={message(text.dayLabel)}
          type="date"
          aria-required="true"
          error={errorOf(text.dayField)}
          {...register(text.dayField)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={message('sharedPlanFunding.record.network')}
          error={errorOf('network')}
          hint={message('sharedPlanFunding.record.networkHint')}
        >
          {({ id, describedBy, invalid }) => (
            <Controller
              control={control}
              name="network"
              render={({ field }) => (
                <Select
                  id={id}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  options={[
                    { value: NOT_ON_CHAIN, label: message('sharedPlanFunding.record.notOnChain') },
                    ...NETWORK_CHOICES,
                  ]}
                  value={field.value}
                  onValueChange={(network) => {
                    field.onChange(network);
                    if (network === NOT_ON_CHAIN) form.setValue('txid', '', { shouldValidate: false });
                  }}
                />
              )}
            />
          )}
        </Field>
        <TextField
          label={message(onChain ? 'sharedPlanFunding.record.txid' : 'sharedPlanFunding.record.txidOffChain')}
          hint={message('sharedPlanFunding.record.txidHint')}
          maxLength={200}
          autoComplete="off"
          spellCheck={false}
          disabled={!onChain}
          className="font-mono"
          error={errorOf('txid')}
          {...register('txid')}
        />
      </div>
      {text.multiline ? (
        <TextareaField
          label={message(text.textLabel)}
          hint={message(text.textHint)}
          maxLength={text.textMax}
          className="min-h-20"
          error={errorOf(text.textField)}
          {...register(text.textField)}
        />
      ) : (
        <TextField
          label={message(text.textLabel)}
          hint={message(text.textHint)}
          maxLength={text.textMax}
          aria-required="true"
          error={errorOf(text.textField)}
          {...register(text.textField)}
        />
      )}
      {evidence.field(isSubmitting)}
      <Refusal text={refusal} />
    </FormDialog>
  );
}
