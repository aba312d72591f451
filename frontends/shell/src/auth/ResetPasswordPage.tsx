// Opened from a password reset link (an admin sends one from User Management): a new password twice, by the
// registration rules. The token works once; afterwards every session of the account has ended, so the page
// leads to the sign-in form.
import { useState } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from '@cropvest/contracts/zod';
import { lazyZodResolver, toastFailure } from '@cropvest/web-kit/form';
import { Link } from '@cropvest/web-kit/router';
import { TextField } from '@cropvest/ui/input';
import { PasswordInput } from '@cropvest/ui/password-input';
import { toast } from '@cropvest/ui/toast';
import type * as Schemas from './schemas.ts';
import { AuthForm, AuthFrame } from './AuthFrame.tsx';
import { useLinkToken } from './AuthNotice.tsx';
import { loadSchemas } from './load-schemas.ts';
import { StrengthMeter } from './StrengthMeter.tsx';
import { useResetPasswordMutation } from '../api/identity.ts';
import { useAuthMessages } from './messages/catalogue.ts';

type ResetForm = (typeof Schemas)['ResetPasswordForm'];
type ResetInput = z.input<ResetForm>;
type ResetValues = z.output<ResetForm>;

const resolver = lazyZodResolver<ResetInput, ResetValues>(() =>
  loadSchemas().then((s) => s.ResetPasswordForm),
);

export default function ResetPasswordPage() {
  const token = useLinkToken();
  const { text, rich } = useAuthMessages();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<ResetInput, unknown, ResetValues>({
    resolver,
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = async ({ password }: ResetValues) => {
    try {
      await resetPassword({ token, password }).unwrap();
      toast({
        title: text('shell.reset.success'),
        description: text('shell.reset.successText'),
        variant: 'success',
      });
      setDone(true);
    } catch (error) {
      toastFailure(error, { title: text('shell.auth.errorTitle'), fallback: text('shell.reset.failure') });
    }
  };

  return (
    <AuthFrame
      title={text('shell.reset.title')}
      subtitle={text('shell.reset.subtitle')}
      footer={{ question: text('shell.reset.remembered'), to: '/login', link: text('shell.reset.signIn') }}
    >
      {done ? (
        <div role="status" className="flex gap-3 rounded-lg border border-brand-border bg-brand-muted p-4">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand" />
          <p className="text-sm text-brand-ink">
            {rich('shell.reset.done', { link: (chunks) => <Link to="/login">{chunks}</Link> })}
          </p>
        </div>
      ) : !token ? (
        <p role="alert" className="text-sm text-danger-ink">
          {text('shell.reset.invalid')}
        </p>
      ) : (
        <AuthForm
          onSubmit={handleSubmit(onSubmit)}
          submit={{
            label: text('shell.reset.submit'),
            busy: isLoading,
            busyLabel: text('shell.reset.busy'),
          }}
        >
          <TextField
            label={text('shell.password.new')}
            error={errors.password?.message}
            hint={<StrengthMeter password={watch('password')} />}
            control={PasswordInput}
            autoComplete="new-password"
            {...register('password')}
          />
          <TextField
            label={text('shell.password.confirmNew')}
            error={errors.confirmPassword?.message}
            control={PasswordInput}
            autoComplete="new-password"
            {...register('confirmPassword')}
          />
        </AuthForm>
      )}
    </AuthFrame>
  );
}
