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
import { LOOKALIKE_CODE } from '@cropvest/contracts/wallet/address-book-rules';
import { withFieldChecks } from '../../../shared/deposit/rules.ts';
import { walletAddressProblem } from '../../../shared/withdraw/rules.ts';
import { useAddAddressMutation } from '../../../api/wallet.ts';
import { useLookalike } from '../../../shared/profile/address-book/use-lookalike.ts';
import { useProfileMessages } from '../messages/catalogue.ts';

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
  const { text } = useProfileMessages();
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
      form.setError('confirmLookalike', {
        type: 'validate',
        message: text('profile.addresses.confirmLookalike'),
      });
      return;
    }
    try {
      const saved = await addAddress({
        label: values.label,
        address: values.address,
        ...(lookalike ? { confirmLookalike: true } : {}),
      }).unwrap();
      toast({
        title: text('profile.addresses.saved'),
        description: text('profile.addresses.savedText', {
          label: saved.label,
          date: formatDateTime(saved.usableFrom),
        }),
        variant: 'success',
      });
      onOpenChange(false);
    } catch (error) {
      if (isApiError(error) && error.code === LOOKALIKE_CODE)
        form.setError('confirmLookalike', {
          type: 'server',
          message: text('profile.addresses.confirmLookalike'),
        });
      reportFormError(form, error, { fallback: text('profile.addresses.saveFailed') });
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={text('profile.addresses.addTitle')}
      description={
        coolDownHours
          ? text('profile.addresses.addText', { hours: coolDownHours })
          : text('profile.addresses.addTextWhile')
      }
      onSubmit={form.handleSubmit(onSubmit)}
      submitLabel={text('profile.addresses.save')}
      busy={isLoading}
      className="max-w-xl"
    >
      <TextField
        label={text('profile.addresses.column.label')}
        hint={text('profile.addresses.labelHint')}
        error={errors.label?.message}
        aria-required="true"
        maxLength={60}
        autoComplete="off"
        {...form.register('label')}
      />
      <TextField
        label={text('profile.addresses.address')}
        hint={text('profile.addresses.addressHint')}
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
