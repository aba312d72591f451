// The Security tab's one dialog for a change that must be confirmed with the current password (and, switching
// two-factor off, a current authenticator code): removing the anti-phishing code, switching new-device approval
// off, turning two-factor off. The caller says what happens and sends the request; a refusal lands under its field
// or as a toast, and the typed password is forgotten whenever the dialog closes.
import type { ReactNode } from 'react';
import { lazyZodResolver, reportFormError, useContractForm } from '@cropvest/web-kit/form';
import { FormDialog } from '@cropvest/ui/form-dialog';
import { TextField } from '@cropvest/ui/input';
import { PasswordInput } from '@cropvest/ui/password-input';
import { useProfileMessages } from './messages/catalogue.ts';

export interface PasswordConfirmation {
  currentPassword: string;
  /** Empty unless the dialog asked for it (`withCode`). */
  code: string;
}

const schemas = () => import('./security-schemas.ts');
const passwordResolver = lazyZodResolver<PasswordConfirmation, PasswordConfirmation>(() =>
  schemas().then((s) => s.PasswordConfirmForm),
);
const passwordAndCodeResolver = lazyZodResolver<PasswordConfirmation, PasswordConfirmation>(() =>
  schemas().then((s) => s.PasswordAndCodeConfirmForm),
);

export interface PasswordConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Also asks for the 6-digit code the authenticator app shows. */
  withCode?: boolean;
  /** Sends the change; resolves when it was made (the dialog then closes), throws the refusal otherwise. */
  onConfirm: (confirmation: PasswordConfirmation) => Promise<void>;
  /** The toast's text when the refusal carries no message of its own. */
  failure: string;
  /** Shown above the fields (a warning about what the change gives up). */
  children?: ReactNode;
}

export function PasswordConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  busyLabel,
  busy,
  withCode = false,
  onConfirm,
  failure,
  children,
}: PasswordConfirmDialogProps) {
  const { text } = useProfileMessages();
  const form = useContractForm<PasswordConfirmation, PasswordConfirmation>({
    resolver: withCode ? passwordAndCodeResolver : passwordResolver,
    defaultValues: { currentPassword: '', code: '' },
  });
  const { errors } = form.formState;
  const close = (next: boolean) => {
    if (!next) form.reset();
    onOpenChange(next);
  };
  const submit = async (confirmation: PasswordConfirmation) => {
    try {
      await onConfirm(confirmation);
      close(false);
    } catch (error) {
      reportFormError(form, error, { title: text('profile.error'), fallback: failure });
    }
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={title}
      description={description}
      onSubmit={form.handleSubmit(submit)}
      submitLabel={submitLabel}
      busy={busy}
      busyLabel={busyLabel}
    >
      {children}
      <TextField
        label={text('profile.currentPassword')}
        control={PasswordInput}
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      {withCode ? (
        <TextField
          label={text('profile.authenticationCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          error={errors.code?.message}
          {...form.register('code')}
        />
      ) : null}
    </FormDialog>
  );
}
