// Where a withdrawal goes (decision 0097). With "whitelisted addresses only" on, the investor picks one of their saved
// addresses whose cool-down has passed and cannot type one; otherwise a saved address can fill the field, or one is
// typed. A typed address that looks like one used or saved before shows both in full with the differences marked,
// and the request is sent only with the tick (the wallet refuses it otherwise).
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Link } from '@cropvest/web-kit/router';
import type { AddressBookEntry } from '@cropvest/contracts/wallet/address-book';
import { MAX_ADDRESS_BOOK_ENTRIES } from '@cropvest/contracts/wallet/address-book-rules';
import { Field, TextField } from '@cropvest/ui/input';
import { LookalikeWarning } from '@cropvest/ui/lookalike-warning';
import { Select } from '@cropvest/ui/select';
import { Skeleton } from '@cropvest/ui/skeleton';
import { formatDateTime, shortenAddress } from '@cropvest/ui/format';
import { useAddressBookQuery, useAddressBookSettingsQuery } from '../../api/wallet.ts';
import { isUsable } from '../../shared/profile/address-book/entries.ts';
import { useLookalike } from '../../shared/profile/address-book/use-lookalike.ts';
import type { WithdrawFormInput, WithdrawFormValues } from '../../shared/withdraw/rules.ts';
import { useWithdrawMessages, type WithdrawMessageId } from './messages/catalogue.ts';

const ADDRESS_BOOK_LINK = '/investor/profile?tab=addresses';

const optionOf =
  (text: (id: WithdrawMessageId, values: Record<string, string>) => string) => (entry: AddressBookEntry) => ({
    value: entry.address,
    label: isUsable(entry)
      ? text('withdraw.destination.option', { label: entry.label, address: shortenAddress(entry.address) })
      : text('withdraw.destination.optionCoolingDown', {
          label: entry.label,
          address: shortenAddress(entry.address),
          date: formatDateTime(entry.usableFrom),
        }),
  });

export function WithdrawDestination({
  form,
}: {
  form: UseFormReturn<WithdrawFormInput, unknown, WithdrawFormValues>;
}) {
  const { text, rich } = useWithdrawMessages();
  const settings = useAddressBookSettingsQuery();
  // The book holds at most MAX_ADDRESS_BOOK_ENTRIES, so one page is all of it.
  const book = useAddressBookQuery({ page: 1, pageSize: MAX_ADDRESS_BOOK_ENTRIES });
  const {
    register,
    setValue,
    watch,
    clearErrors,
    formState: { errors },
  } = form;
  const address = watch('walletAddress');
  const confirmed = watch('confirmLookalike') ?? false;
  const whitelistOnly = settings.data?.whitelistOnly ?? false;
  const entries = book.data?.items ?? [];
  const choices = whitelistOnly ? entries.filter(isUsable) : entries;
  const saved = entries.some((entry) => entry.address === address.trim());
  // A saved address was confirmed when it was saved: only a typed one is compared.
  const lookalike = useLookalike(saved ? undefined : address);
  // A new address needs a new tick.
  useEffect(() => setValue('confirmLookalike', false), [address, setValue]);

  const choose = (value: string) =>
    setValue('walletAddress', value, { shouldValidate: true, shouldDirty: true, shouldTouch: true });

  if (settings.isLoading) return <Skeleton className="h-16" />;

  if (whitelistOnly)
    return (
      <Field
        label={text('withdraw.destination.saved')}
        error={errors.walletAddress?.message}
        hint={rich('withdraw.destination.whitelistHint', {
          link: (chunks) => (
            <Link to={ADDRESS_BOOK_LINK} className="font-semibold text-brand-ink underline">
              {chunks}
            </Link>
          ),
        })}
      >
        {({ id, describedBy, invalid }) =>
          choices.length ? (
            <Select
              id={id}
              value={address || undefined}
              onValueChange={choose}
              options={choices.map(optionOf(text))}
              placeholder={text('withdraw.destination.choose')}
              aria-describedby={describedBy}
              aria-invalid={invalid}
            />
          ) : (
            <p
              id={id}
              className="rounded-lg border border-border bg-surface-muted p-3 text-sm text-ink-muted"
            >
              {text(
                book.isLoading
                  ? 'withdraw.destination.reading'
                  : entries.length
                    ? 'withdraw.destination.noneReady'
                    : 'withdraw.destination.none',
              )}
            </p>
          )
        }
      </Field>
    );

  return (
    <div className="space-y-4">
      {choices.length ? (
        <Field
          label={text('withdraw.destination.savedOptional')}
          hint={text('withdraw.destination.savedOptionalHint')}
        >
          {({ id, describedBy }) => (
            <Select
              id={id}
              value={saved ? address.trim() : undefined}
              onValueChange={choose}
              options={choices.map(optionOf(text))}
              placeholder={text('withdraw.destination.choose')}
              aria-describedby={describedBy}
            />
          )}
        </Field>
      ) : null}
      <TextField
        label={text('withdraw.destination.address')}
        hint={text('withdraw.destination.addressHint')}
        error={errors.walletAddress?.message}
        aria-required="true"
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        className="font-mono"
        {...register('walletAddress')}
      />
      {lookalike ? (
        <LookalikeWarning
          address={address.trim()}
          lookalike={lookalike}
          confirmed={confirmed}
          onConfirmedChange={(value) => {
            setValue('confirmLookalike', value, { shouldDirty: true });
            clearErrors('confirmLookalike');
          }}
          action={text('withdraw.destination.lookalikeAction')}
          error={errors.confirmLookalike?.message}
        />
      ) : null}
    </div>
  );
}
