// Sign-in (spec section 5): valid email, password at least 6 characters; failures toast the server's
// message or 'Login failed'; success toasts 'Logged in successfully!' and goes to /.
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from '@cropvest/web-kit/router';
import type { LoginRequest } from '@cropvest/contracts/auth';
import type { z } from '@cropvest/contracts/zod';
import { startSession, toastMessage, useAppDispatch, useLoginMutation } from '@cropvest/web-kit';
import { Button } from '@cropvest/ui/button';
import { Field, Input } from '@cropvest/ui/input';
import { Spinner } from '@cropvest/ui/spinner';
import { toast } from '@cropvest/ui/toast';
import { AuthFrame } from './AuthFrame.tsx';
import { PasswordInput } from './PasswordInput.tsx';
import { lazyZodResolver, loadSchemas } from './lazy-resolver.ts';

type LoginInput = z.input<typeof LoginRequest>;
type LoginValues = z.output<typeof LoginRequest>;

const resolver = lazyZodResolver<LoginInput, LoginValues>((s) => s.LoginRequest);

export default function LoginPage() {
  const [login, { isLoading }] = useLoginMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput, unknown, LoginValues>({ resolver, defaultValues: { email: '', password: '' } });

  const onSubmit = async (values: LoginValues) => {
    try {
      const auth = await login(values).unwrap();
      startSession(dispatch, auth);
      toast({ title: 'Logged in successfully!', variant: 'success' });
      navigate('/', { replace: true });
    } catch (error) {
      toast({ title: 'Error', description: toastMessage(error, 'Login failed'), variant: 'destructive' });
    }
  };

  return (
    <AuthFrame
      title="Welcome back"
      subtitle="Sign in to your CropVest account."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/register" className="font-semibold text-emerald-800 underline-offset-4 hover:underline">
            Create one
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
        <Field label="Password" error={errors.password?.message}>
          {({ id, describedBy, invalid }) => (
            <PasswordInput
              id={id}
              autoComplete="current-password"
              aria-describedby={describedBy}
              aria-invalid={invalid}
              {...register('password')}
            />
          )}
        </Field>
        <Button type="submit" className="w-full" disabled={isLoading}>
          {isLoading ? <Spinner size="sm" label="Signing in…" /> : null}
          Sign In
        </Button>
      </form>
    </AuthFrame>
  );
}
