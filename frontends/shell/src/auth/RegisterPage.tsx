// Registration (spec section 5): name at least 2, valid email, password at least 6 with a strength meter,
// confirmation equal to the password, terms accepted. Only name, email and password are sent.
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from '@cropvest/web-kit/router';
import type { z } from '@cropvest/contracts/zod';
import type * as Schemas from './schemas.ts';
import { startSession, toastMessage, useAppDispatch, useRegisterMutation } from '@cropvest/web-kit';
import { Button } from '@cropvest/ui/button';
import { Checkbox } from '@cropvest/ui/checkbox';
import { Field, Input } from '@cropvest/ui/input';
import { Spinner } from '@cropvest/ui/spinner';
import { toast } from '@cropvest/ui/toast';
import { AuthFrame } from './AuthFrame.tsx';
import { PasswordInput } from './PasswordInput.tsx';
import { StrengthMeter } from './StrengthMeter.tsx';
import { lazyZodResolver, loadSchemas } from './lazy-resolver.ts';

type RegisterForm = (typeof Schemas)['RegisterForm'];
type RegisterInput = z.input<RegisterForm>;
type RegisterValues = z.output<RegisterForm>;

const resolver = lazyZodResolver<RegisterInput, RegisterValues>((s) => s.RegisterForm);

export default function RegisterPage() {
  const [registerUser, { isLoading }] = useRegisterMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
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

  const onSubmit = async ({ name, email, password }: RegisterValues) => {
    try {
      const auth = await registerUser({ name, email, password }).unwrap();
      startSession(dispatch, auth);
      toast({ title: 'Account created successfully!', variant: 'success' });
      navigate('/', { replace: true });
    } catch (error) {
      toast({
        title: 'Error',
        description: toastMessage(error, 'Registration failed'),
        variant: 'destructive',
      });
    }
  };

  const link = 'font-semibold text-emerald-800 underline underline-offset-2';
  return (
    <AuthFrame
      title="Create your account"
      subtitle="Start investing in crop seasons with USDT."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-emerald-800 underline-offset-4 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <form
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        onFocusCapture={() => void loadSchemas()}
        className="space-y-4"
      >
        <Field label="Full Name" error={errors.name?.message}>
          {({ id, describedBy, invalid }) => (
            <Input
              id={id}
              autoComplete="name"
              aria-describedby={describedBy}
              aria-invalid={invalid}
              {...register('name')}
            />
          )}
        </Field>
        <Field label="Email" error={errors.email?.message}>
          {({ id, describedBy, invalid }) => (
            <Input
              id={id}
              type="email"
              autoComplete="email"
              aria-describedby={describedBy}
              aria-invalid={invalid}
              {...register('email')}
            />
          )}
        </Field>
        <Field label="Password" error={errors.password?.message} hint={<StrengthMeter password={password} />}>
          {({ id, describedBy, invalid }) => (
            <PasswordInput
              id={id}
              autoComplete="new-password"
              aria-describedby={describedBy}
              aria-invalid={invalid}
              {...register('password')}
            />
          )}
        </Field>
        <Field label="Confirm Password" error={errors.confirmPassword?.message}>
          {({ id, describedBy, invalid }) => (
            <PasswordInput
              id={id}
              autoComplete="new-password"
              aria-describedby={describedBy}
              aria-invalid={invalid}
              {...register('confirmPassword')}
            />
          )}
        </Field>
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
            <label htmlFor="terms" className="text-sm text-slate-700">
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
            <p id="terms-error" role="alert" className="mt-1.5 text-sm font-medium text-red-700">
              {errors.terms.message}
            </p>
          ) : null}
        </div>
        <Button type="submit" className="w-full" disabled={isLoading}>
          {isLoading ? <Spinner size="sm" label="Creating your account…" /> : null}
          Create Account
        </Button>
      </form>
    </AuthFrame>
  );
}
