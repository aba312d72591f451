// Sign-in (spec section 5): valid email, password at least 6 characters; failures toast the server's
// message or 'Login failed'; success toasts 'Logged in successfully!' and goes to /. From a device and network
// the account never used, the sign-in first waits for the owner's approval from a mailed link
// (docs/decisions/0100-new-device-approval.md); a frozen account is refused with a way to unfreeze it
// (docs/decisions/0101-account-freeze.md).
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { AuthResponse, DeviceApprovalPending, LoginRequest } from '@cropvest/contracts/identity/auth';
import type { LoginResponse, TwoFactorChallenge } from '@cropvest/contracts/identity/two-factor';
import {
  ACCOUNT_FROZEN_BY_ADMIN_MESSAGE,
  isDeviceApprovalPending,
  isTwoFactorChallenge,
} from '@cropvest/contracts/identity/sign-in-rules';
import type { z } from '@cropvest/contracts/zod';
import { isApiError, toastMessage, UNFREEZE_PAGE, useLoginMutation } from '@cropvest/web-kit';
import { Link } from '@cropvest/web-kit/router';
import { Spinner } from '@cropvest/ui/spinner';
import { AuthForm, AuthFrame } from './AuthFrame.tsx';
import { CredentialsFields } from './CredentialsFields.tsx';
import { lazyZodResolver } from '@cropvest/web-kit/form';
import { loadSchemas } from './load-schemas.ts';
import { useStartSession } from './use-start-session.ts';
import { DeviceApprovalStep } from './DeviceApprovalStep.tsx';
import { useAuthMessages } from './messages/catalogue.ts';

// Only accounts with two-factor see the second step: its code (and the QR library) loads when it is needed.
const TwoFactorStep = lazy(() => import('./TwoFactorStep.tsx').then((m) => ({ default: m.TwoFactorStep })));

type LoginInput = z.input<typeof LoginRequest>;
type LoginValues = z.output<typeof LoginRequest>;

const resolver = lazyZodResolver<LoginInput, LoginValues>(() => loadSchemas().then((s) => s.LoginRequest));

/** Refusals the form shows in its own error region instead of a toast: each ends the sign-in attempt. */
const FORM_REFUSALS = new Set(['ACCOUNT_FROZEN', 'DEVICE_APPROVAL_DENIED', 'DEVICE_APPROVAL_EXPIRED']);

interface Refusal {
  message: string;
  /** The owner froze the account and may unfreeze it; an administrator's freeze is support's to lift. */
  unfreeze: boolean;
}

const refusalOf = (error: unknown, fallback: string): Refusal => {
  const message = toastMessage(error, fallback);
  const frozen = isApiError(error) && error.code === 'ACCOUNT_FROZEN';
  return { message, unfreeze: frozen && message !== ACCOUNT_FROZEN_BY_ADMIN_MESSAGE };
};

export default function LoginPage() {
  const [login, { isLoading }] = useLoginMutation();
  const startSession = useStartSession();
  const { text } = useAuthMessages();
  const footer = {
    question: text('shell.login.noAccount'),
    to: '/register',
    link: text('shell.login.createOne'),
  };
  // Set when the password was right and two-factor asks for a second step.
  const [challenge, setChallenge] = useState<TwoFactorChallenge['twoFactor'] | null>(null);
  // Set while the sign-in waits for the owner to approve this device from the mailed link.
  const [approval, setApproval] = useState<DeviceApprovalPending['deviceApproval'] | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<LoginInput, unknown, LoginValues>({ resolver, defaultValues: { email: '', password: '' } });

  // Back on the form after a step (Cancel, a refusal), the keyboard starts at its first field again.
  const leftForm = useRef(false);
  useEffect(() => {
    if (approval || challenge) leftForm.current = true;
    else if (leftForm.current) {
      leftForm.current = false;
      setFocus('email');
    }
  }, [approval, challenge, setFocus]);

  /** Back to the form, saying why. */
  const refuse = useCallback((error: unknown, fallback: string) => {
    setApproval(null);
    setChallenge(null);
    setRefusal(refusalOf(error, fallback));
  }, []);

  /** What the sign-in goes on with: a session, or the next step (approval, then two-factor). */
  const proceed = useCallback((answer: LoginResponse): AuthResponse | null => {
    setApproval(isDeviceApprovalPending(answer) ? answer.deviceApproval : null);
    setChallenge(isTwoFactorChallenge(answer) ? answer.twoFactor : null);
    return isDeviceApprovalPending(answer) || isTwoFactorChallenge(answer) ? null : answer;
  }, []);

  /** Runs one call of the sign-in; a refusal the form shows itself is taken out of the toast's way. */
  const attempt = useCallback(
    (call: () => Promise<AuthResponse | null>) =>
      startSession(
        async () => {
          try {
            return await call();
          } catch (error) {
            if (!isApiError(error) || !FORM_REFUSALS.has(error.code ?? '')) throw error;
            refuse(error, text('shell.login.failure'));
            return null;
          }
        },
        { success: text('shell.login.success'), failure: text('shell.login.failure') },
      ),
    [startSession, refuse, text],
  );

  const onSubmit = (values: LoginValues) => {
    setRefusal(null);
    return attempt(async () => proceed(await login(values).unwrap()));
  };
  const onApproved = useCallback(
    (answer: LoginResponse) => void attempt(() => Promise.resolve(proceed(answer))),
    [attempt, proceed],
  );

  if (approval)
    return (
      <AuthFrame title={text('shell.login.checkEmail')} subtitle={text('shell.login.checkEmailText')}>
        <DeviceApprovalStep
          pending={approval}
          onAnswer={onApproved}
          onRefused={refuse}
          onCancel={() => setApproval(null)}
        />
      </AuthFrame>
    );

  if (challenge)
    return (
      <AuthFrame
        title={text(challenge.required === 'enrol' ? 'shell.login.twoFactorEnrol' : 'shell.login.twoFactor')}
        subtitle={text('shell.login.twoFactorText')}
        footer={footer}
      >
        <Suspense fallback={<Spinner label={text('shell.login.loading')} />}>
          <TwoFactorStep challenge={challenge} finish={attempt} restart={() => setChallenge(null)} />
        </Suspense>
      </AuthFrame>
    );

  return (
    <AuthFrame title={text('shell.login.title')} subtitle={text('shell.login.subtitle')} footer={footer}>
      <AuthForm
        onSubmit={handleSubmit(onSubmit)}
        submit={{ label: text('shell.login.submit'), busy: isLoading, busyLabel: text('shell.login.busy') }}
        error={
          refusal ? (
            <>
              <p>{refusal.message}</p>
              {refusal.unfreeze ? (
                <p className="mt-2">
                  <Link
                    to={UNFREEZE_PAGE}
                    className="font-semibold text-danger-ink underline underline-offset-2"
                  >
                    {text('shell.login.unfreeze')}
                  </Link>
                </p>
              ) : null}
            </>
          ) : null
        }
      >
        <CredentialsFields email={register('email')} password={register('password')} errors={errors} />
      </AuthForm>
    </AuthFrame>
  );
}
