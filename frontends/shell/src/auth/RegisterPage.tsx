// Registration (spec section 5): name at least 2, valid email, password at least 6 with a strength meter,
// confirmation equal to the password, terms accepted. Only name, email and password are sent.
import { Controller, useForm } from 'react-hook-form';
import { Link } from '@cropvest/web-kit/router';
import type { z } from '@cropvest/contracts/zod';
import type * as Schemas from './schemas.ts';
import { useRegisterMutation } from '@cropvest/web-kit';
import { Checkbox } from '@cropvest/ui/checkbox';
import { TextField } from '@cropvest/ui/input';
import { AuthForm, AuthFrame } from './AuthFrame.tsx';
import { PasswordInput } from '@cropvest/ui/password-input';
import { StrengthMeter } from './StrengthMeter.tsx';
import { lazyZodResolver } from '@cropvest/web-kit/form';
import { loadSchemas } from './load-schemas.ts';
import { useStartSession } from './use-start-session.ts';
import { useAuthMessages } from './messages/catalogue.ts';

type RegisterForm = (typeof Schemas)['RegisterForm'];
type RegisterInput = z.input<RegisterForm>;
type RegisterValues = z.output<RegisterForm>;

const resolver = lazyZodResolver<RegisterInput, RegisterValues>(() =>
  loadSchemas().then((s) => s.RegisterForm),
);

export default function RegisterPage() {
  const [registerUser, { isLoading }] = useRegisterMutation();
  const startSession = useStartSession();
  const { text, rich } = useAuthMessages();
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<RegisterInput, unknown, RegisterValues>({
    resolver,
    defaultValues: { name: '', email: '', password: '', confirmPassword: '', terms: false },
  });
  const password = watch('password');

  const onSubmit = ({ name, email, password }: RegisterValues) =>
    startSession(() => registerUser({ name, email, password }).unwrap(), {
      success: text('shell.register.success'),
      failure: text('shell.register.failure'),
      registered: true,
    });

  const link = 'font-semibold text-brand-ink underline underline-offset-2';
  return (
    <AuthFrame
      title={text('shell.register.title')}
      subtitle={text('shell.register.subtitle')}
      footer={{
        question: text('shell.register.haveAccount'),
        to: '/login',
        link: text('shell.register.signIn'),
      }}
    >
      <AuthForm
        onSubmit={handleSubmit(onSubmit)}
        submit={{
          label: text('shell.register.submit'),
          busy: isLoading,
          busyLabel: text('shell.register.busy'),
        }}
      >
        <TextField
          label={text('shell.register.name')}
          error={errors.name?.message}
          autoComplete="name"
          {...register('name')}
        />
        <TextField
          label={text('shell.auth.email')}
          error={errors.email?.message}
          type="email"
          autoComplete="email"
          {...register('email')}
        />
        <TextField
          label={text('shell.auth.password')}
          error={errors.password?.message}
          hint={<StrengthMeter password={password} />}
          control={PasswordInput}
          autoComplete="new-password"
          {...register('password')}
        />
        <TextField
          label={text('shell.register.confirmPassword')}
          error={errors.confirmPassword?.message}
          control={PasswordInput}
          autoComplete="new-password"
          {...register('confirmPassword')}
        />
        <div>
          <div className="flex items-start gap-3">
            <Controller
              control={control}
              name="terms"
              render={({ field }) => (
                <Checkbox
                  id="terms"
                  ref={field.ref}
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                  aria-invalid={Boolean(errors.terms)}
                  aria-describedby={errors.terms ? 'terms-error' : undefined}
                  className="mt-0.5"
                />
              )}
            />
            <label htmlFor="terms" className="text-sm text-ink-muted">
              {rich('shell.register.terms', {
                terms: (chunks) => (
                  <Link to="/terms" className={link} target="_blank">
                    {chunks}
                  </Link>
                ),
                privacy: (chunks) => (
                  <Link to="/privacy" className={link} target="_blank">
                    {chunks}
                  </Link>
                ),
              })}
            </label>
          </div>
          {errors.terms ? (
            <p id="terms-error" role="alert" className="mt-1.5 text-sm font-medium text-danger">
              {errors.terms.message}
            </p>
          ) : null}
        </div>
      </AuthForm>
    </AuthFrame>
  );
}
