// What the funding desk's forms share: an amount of USDT (any number of decimals, the contract's schema checks it),
// and a 409 (a closed plan, a payout already started, a proposal decided meanwhile) kept in the dialog in the
// server's words, where the admin is looking, while any other failure goes where the form reports it.
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { isApiError, toastMessage } from '@cropvest/web-kit/errors';
import { Field } from '@cropvest/ui/input';
import { MoneyInput } from '@cropvest/ui/money-input';
import { useSharedPlanFundingMessages } from './messages/catalogue.ts';

export function AmountField({
  hint,
  error,
  registration,
}: {
  hint: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const { text } = useSharedPlanFundingMessages();
  return (
    <Field label={text('sharedPlanFunding.amount.label')} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <MoneyInput
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          aria-required="true"
          step="any"
          min="0"
          {...registration}
        />
      )}
    </Field>
  );
}

/**
 * The server's refusal of the dialog's last attempt; `attempt` runs a save, keeping a 409's words (or `failed`)
 * and handing any other error to `otherwise`.
 */
export function useRefusal(failed: string) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const attempt = async (save: () => Promise<void>, otherwise: (error: unknown) => void) => {
    setRefusal(null);
    try {
      await save();
    } catch (error) {
      if (isApiError(error) && error.status === 409) setRefusal(toastMessage(error, failed));
      else otherwise(error);
    }
  };
  return { refusal, attempt };
}

/** The server's words for a refused record, proposal or decision. */
export function Refusal({ text }: { text: string | null }) {
  return text ? (
    <p
      role="alert"
      className="rounded-md border border-danger-border bg-danger-muted p-3 text-sm text-danger-ink"
    >
      {text}
    </p>
  ) : null;
}
