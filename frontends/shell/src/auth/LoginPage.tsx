// Sign-in (spec section 5): valid email, password at least 6 characters; failures toast the server's
// message or 'Login failed'; success toasts 'Logged in successfully!' and goes to /.
import { useForm } from 'react-hook-form';
import type { LoginRequest } from '@cropvest/contracts/auth';
import type { z } from '@cropvest/contracts/zod';
import { useLoginMutation } from '@cropvest/web-kit';
import { TextField } from '@cropvest/ui/input';
import { AuthForm, AuthFrame } from './AuthFrame.tsx';
import { PasswordInput } from './PasswordInput.tsx';
import { lazyZodResolver } from '@cropvest/web-kit/form';
import { loadSchemas } from './load-schemas.ts';
import { useStartSession } from './use-start-session.ts';

type LoginInput = z.input<typeof LoginRequest>;
type LoginValues = z.output<typeof LoginRequest>;

const resolver = lazyZodResolver<LoginInput, LoginValues>(() => loadSchemas().then((s) => s.LoginRequest));

export default function LoginPage() {
  const [login, { isLoading }] = useLoginMutation();
  const startSession = useStartSession();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput, unknown, LoginValues>({ resolver, defaultValues: { email: '', password: '' } });

  const onSubmit = (values: LoginValues) =>
    startSession(() => login(values).unwrap(), {
      success: 'Logged in successfully!',
      failure: 'Login failed',
    });

  return (
    <AuthFrame
      title="Welcome back"
      subtitle="Sign in to your CropVest account."
      footer={{ question: "Don't have an account?", to: '/register', link: 'Create one' }}
    >
      <AuthForm
        onSubmit={handleSubmit(onSubmit)}
        submit={{ label: 'Sign In', busy: isLoading, busyLabel: 'Signing in…' }}
      >
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
          control={PasswordInput}
          autoComplete="current-password"
          {...register('password')}
        />
      </AuthForm>
    </AuthFrame>
  );
}
