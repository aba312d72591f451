// Sign-in (spec section 5): valid email, password at least 6 characters; failures toast the server's
// message or 'Login failed'; success toasts 'Logged in successfully!' and goes to /.
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { LoginRequest } from '@cropvest/contracts/auth';
import type { TwoFactorChallenge } from '@cropvest/contracts/two-factor';
import type { z } from '@cropvest/contracts/zod';
import { useLoginMutation } from '@cropvest/web-kit';
import { TextField } from '@cropvest/ui/input';
import { Spinner } from '@cropvest/ui/spinner';
import { AuthForm, AuthFrame } from './AuthFrame.tsx';
import { PasswordInput } from '@cropvest/ui/password-input';
import { lazyZodResolver } from '@cropvest/web-kit/form';
import { loadSchemas } from './load-schemas.ts';
import { useStartSession } from './use-start-session.ts';

// Only accounts with two-factor see the second step: its code (and the QR library) loads when it is needed.
const TwoFactorStep = lazy(() => import('./TwoFactorStep.tsx').then((m) => ({ default: m.TwoFactorStep })));

type LoginInput = z.input<typeof LoginRequest>;
type LoginValues = z.output<typeof LoginRequest>;

const resolver = lazyZodResolver<LoginInput, LoginValues>(() => loadSchemas().then((s) => s.LoginRequest));

export default function LoginPage() {
  const [login, { isLoading }] = useLoginMutation();
  const startSession = useStartSession();
  // Set when the password was right and two-factor asks for a second step.
  const [challenge, setChallenge] = useState<TwoFactorChallenge['twoFactor'] | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput, unknown, LoginValues>({ resolver, defaultValues: { email: '', password: '' } });

  const texts = { success: 'Logged in successfully!', failure: 'Login failed' };
  const onSubmit = (values: LoginValues) =>
    startSession(async () => {
      const answer = await login(values).unwrap();
      if (!('twoFactor' in answer)) return answer;
      setChallenge(answer.twoFactor);
      return null;
    }, texts);

  if (challenge)
    return (
      <AuthFrame
        title={
          challenge.required === 'enrol' ? 'Set up two-factor authentication' : 'Two-factor authentication'
        }
        subtitle="One more step to sign in."
        footer={{ question: "Don't have an account?", to: '/register', link: 'Create one' }}
      >
        <Suspense fallback={<Spinner label="Loading…" />}>
          <TwoFactorStep
            challenge={challenge}
            finish={(call) => startSession(call, texts)}
            restart={() => setChallenge(null)}
          />
        </Suspense>
      </AuthFrame>
    );

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
