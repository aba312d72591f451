// Periodic password reset (issue 13 section 2): a password older than 90 days must be changed at sign-in before
// anything else. The server refuses every other call until then (PASSWORD_EXPIRED), and the web kit brings the
// person here whenever it meets that answer. Once changed, a token refresh gives a full session again.
import { useForm } from 'react-hook-form';
import type { z } from '@cropvest/contracts/zod';
import { api, logout, refreshTokens, useAppDispatch } from '@cropvest/web-kit';
import { lazyZodResolver, toastFailure } from '@cropvest/web-kit/form';
import { useNavigate } from '@cropvest/web-kit/router';
import { Button } from '@cropvest/ui/button';
import { TextField } from '@cropvest/ui/input';
import { PasswordInput } from '@cropvest/ui/password-input';
import { toast } from '@cropvest/ui/toast';
import { useChangeExpiredPasswordMutation } from '../api/identity.ts';
import type * as Schemas from './schemas.ts';
import { AuthForm, AuthFrame } from './AuthFrame.tsx';
import { loadSchemas } from './load-schemas.ts';
import { StrengthMeter } from './StrengthMeter.tsx';
import { useAuthMessages } from './messages/catalogue.ts';

type ExpiredForm = (typeof Schemas)['ExpiredPasswordForm'];
type ExpiredInput = z.input<ExpiredForm>;
type ExpiredValues = z.output<ExpiredForm>;

const resolver = lazyZodResolver<ExpiredInput, ExpiredValues>(() =>
  loadSchemas().then((s) => s.ExpiredPasswordForm),
);

export default function ChangePasswordPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { text } = useAuthMessages();
  const [changePassword, { isLoading }] = useChangeExpiredPasswordMutation();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<ExpiredInput, unknown, ExpiredValues>({
    resolver,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = async ({ currentPassword, newPassword }: ExpiredValues) => {
    try {
      await changePassword({ currentPassword, newPassword }).unwrap();
      // The session's token still says "change it first"; the refreshed one no longer does.
      if (!(await refreshTokens())) {
        await logout(dispatch);
        return;
      }
      // Everything read while the password was expired was refused: read it again.
      dispatch(api.util.resetApiState());
      toast({
        title: text('shell.change.success'),
        description: text('shell.change.successText'),
        variant: 'success',
      });
      navigate('/', { replace: true });
    } catch (error) {
      toastFailure(error, { title: text('shell.auth.errorTitle'), fallback: text('shell.change.failure') });
    }
  };

  return (
    <AuthFrame title={text('shell.change.title')} subtitle={text('shell.change.subtitle')}>
      <AuthForm
        onSubmit={handleSubmit(onSubmit)}
        submit={{
          label: text('shell.change.submit'),
          busy: isLoading,
          busyLabel: text('shell.change.busy'),
        }}
      >
        <TextField
          label={text('shell.change.current')}
          error={errors.currentPassword?.message}
          control={PasswordInput}
          autoComplete="current-password"
          {...register('currentPassword')}
        />
        <TextField
          label={text('shell.password.new')}
          error={errors.newPassword?.message}
          hint={<StrengthMeter password={watch('newPassword')} />}
          control={PasswordInput}
          autoComplete="new-password"
          {...register('newPassword')}
        />
        <TextField
          label={text('shell.password.confirmNew')}
          error={errors.confirmPassword?.message}
          control={PasswordInput}
          autoComplete="new-password"
          {...register('confirmPassword')}
        />
      </AuthForm>
      <Button variant="link" className="mt-4 w-full" onClick={() => void logout(dispatch, { toast: true })}>
        {text('shell.change.signOut')}
      </Button>
    </AuthFrame>
  );
}
