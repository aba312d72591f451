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

type RegisterForm = (typeof Schemas)['RegisterForm'];
type RegisterInput = z.input<RegisterForm>;
type RegisterValues = z.output<RegisterForm>;

const resolver = lazyZodResolver<RegisterInput, RegisterValues>(() =>
  loadSchemas().then((s) => s.RegisterForm),
);

export default function RegisterPage() {
  const [registerUser, { isLoading }] = useRegisterMutation();
  const startSession = useStartSession();
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
      success: 'Account created successfully!',
      failure: 'Registration failed',
      registered: true,
    });

  const link = 'font-semibold text-brand-ink underline underline-offset-2';
  return (
    <AuthFrame
      title="Create your account"
      subtitle="Start investing in crop seasons with USDT."
      footer={{ question: 'Already have an account?', to: '/login', link: 'Sign in' }}
    >
      <AuthForm
        onSubmit={handleSubmit(onSubmit)}
        submit={{ label: 'Create Account', busy: isLoading, busyLabel: 'Creating your account…' }}
      >
        <TextField label="Full Name" error={errors.name?.message} autoComplete="name" {...register('name')} />
        <TextField
          label="Email"
          error={errors.email?.message}
          type="email"
          autoComplete="email"
          {...register('email')}
        />
        <TextField
          label="Password"
          error={errors.password?.message}
          hint={<StrengthMeter password={password} />}
          control={PasswordInput}
          autoComplete="new-password"
          {...register('password')}
        />
        <TextField
          label="Confirm Password"
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
              I agree to the{' '}
              <Link to="/terms" className={link} target="_blank">
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link to="/privacy" className={link} target="_blank">
                Privacy Policy
              </Link>
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
