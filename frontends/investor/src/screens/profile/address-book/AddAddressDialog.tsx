// Saving a withdrawal address: a label and a TRC-20 address, checked in the browser as the wallet checks it. An
// address that looks like one used or saved before shows both in full with the differences marked, and is saved
// only with the tick (the wallet refuses it otherwise).
import { useEffect } from 'react';
import { isApiError } from '@cropvest/web-kit';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { formatDateTime } from '@cropvest/ui/format';
import { TextField } from '@cropvest/ui/input';
import { LookalikeWarning } from '@cropvest/ui/lookalike-warning';
import { toast } from '@cropvest/ui/toast';
import type { AddressBookEntryRequest } from '@cropvest/contracts/wallet/address-book';
import { LOOKALIKE_CODE } from '@cropvest/contracts/wallet/address-book';
import { withFieldChecks } from '../../../shared/deposit/rules.ts';
import { walletAddressProblem } from '../../../shared/withdraw/rules.ts';
import { useAddAddressMutation } from '../../../api/wallet.ts';
import { CONFIRM_LOOKALIKE } from '../../../shared/profile/address-book/entries.ts';
import { useLookalike } from '../../../shared/profile/address-book/use-lookalike.ts';

interface AddressFormInput {
  label: string;
  address: string;
  confirmLookalike: boolean;
}

const resolver = withFieldChecks<AddressFormInput, AddressBookEntryRequest>(
  (values) => ({ address: walletAddressProblem(values.address) }),
  lazyZodResolver<AddressFormInput, AddressBookEntryRequest>(() =>
    import('./schemas.ts').then((m) => m.AddressBookEntryRequest),
  ),
);

export function AddAddressDialog({
  open,
  onOpenChange,
  coolDownHours,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  coolDownHours: number | undefined;
}) {
  const [addAddress, { isLoading }] = useAddAddressMutation();
  const form = useContractForm<AddressFormInput, AddressBookEntryRequest>({
    resolver,
    defaultValues: { label: '', address: '', confirmLookalike: false },
  });
  const { errors } = form.formState;
  const typed = form.watch('address');
  const confirmed = form.watch('confirmLookalike');
  const lookalike = useLookalike(typed);
  // A new address needs a new tick.
  useEffect(() => form.setValue('confirmLookalike', false), [typed, form]);
  useEffect(() => {
    if (!open) form.reset();
  }, [open, form]);

  const onSubmit = async (values: AddressBookEntryRequest) => {
    if (lookalike && !values.confirmLookalike) {
      form.setError('confirmLookalike', { type: 'validate', message: CONFIRM_LOOKALIKE });
      return;
    }
    try {
      const saved = await addAddress({
        label: values.label,
        address: values.address,
        ...(lookalike ? { confirmLookalike: true } : {}),
      }).unwrap();
      toast({
        title: 'Address saved',
        description: `“${saved.label}” can be used from ${formatDateTime(saved.usableFrom)}. We mailed you in case it was not you.`,
        variant: 'success',
      });
      onOpenChange(false);
    } catch (error) {
      if (isApiError(error) && error.code === LOOKALIKE_CODE)
        form.setError('confirmLookalike', { type: 'server', message: CONFIRM_LOOKALIKE });
      reportFormError(form, error, { fallback: 'Could not save the address' });
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add a withdrawal address"
      description={`A new address can be used for withdrawals ${
        coolDownHours ? `${coolDownHours} hours` : 'a while'
      } after you save it. We mail you at once, so you can cancel it if it was not you.`}
      onSubmit={form.handleSubmit(onSubmit)}
      submitLabel="Save Address"
      busy={isLoading}
      className="max-w-xl"
    >
      <TextField
        label="Label"
        hint="A name you will recognise, such as “My Ledger” or “Exchange account”."
        error={errors.label?.message}
        aria-required="true"
        maxLength={60}
        autoComplete="off"
        {...form.register('label')}
      />
      <TextField
        label="TRC-20 address"
        hint="Network: TRC-20 (TRON). 34 characters starting with T; checked for typing mistakes."
        error={errors.address?.message}
        aria-required="true"
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        className="font-mono"
        {...form.register('address')}
      />
      {lookalike ? (
        <LookalikeWarning
          address={typed.trim()}
          lookalike={lookalike}
          confirmed={confirmed}
          onConfirmedChange={(value) => {
            form.setValue('confirmLookalike', value, { shouldDirty: true });
            form.clearErrors('confirmLookalike');
          }}
          action="save"
          error={errors.confirmLookalike?.message}
        />
      ) : null}
    </FormDialog>
  );
}
