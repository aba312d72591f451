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

type ResetForm = (typeof Schemas)['ResetPasswordForm'];
type ResetInput = z.input<ResetForm>;
type ResetValues = z.output<ResetForm>;

const resolver = lazyZodResolver<ResetInput, ResetValues>(() =>
  loadSchemas().then((s) => s.ResetPasswordForm),
);

export default function ResetPasswordPage() {
  const token = useLinkToken();
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
      toast({ title: 'Password reset', description: 'Sign in with your new password.', variant: 'success' });
      setDone(true);
    } catch (error) {
      toastFailure(error, { title: 'Error', fallback: 'This password reset link is invalid or has expired' });
    }
  };

  return (
    <AuthFrame
      title="Choose a new password"
      subtitle="Every device signed in to your account is signed out when it changes."
      footer={{ question: 'Remembered it?', to: '/login', link: 'Sign in' }}
    >
      {done ? (
        <div role="status" className="flex gap-3 rounded-lg border border-brand-border bg-brand-muted p-4">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand" />
          <p className="text-sm text-brand-ink">
            Your password is changed. <Link to="/login">Sign in</Link> with it now.
          </p>
        </div>
      ) : !token ? (
        <p role="alert" className="text-sm text-danger-ink">
          This password reset link is invalid or has expired. Ask support for a new one.
        </p>
      ) : (
        <AuthForm
          onSubmit={handleSubmit(onSubmit)}
          submit={{ label: 'Set New Password', busy: isLoading, busyLabel: 'Saving your new password…' }}
        >
          <TextField
            label="New Password"
            error={errors.password?.message}
            hint={<StrengthMeter password={watch('password')} />}
            control={PasswordInput}
            autoComplete="new-password"
            {...register('password')}
          />
          <TextField
            label="Confirm New Password"
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
