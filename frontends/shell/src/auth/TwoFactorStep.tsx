// The second sign-in step (docs/decisions/0062-two-factor.md): after a right password, a code from the
// authenticator app or, on request, one recovery code; or, for an admin the security setting requires it of,
// enrolment (QR code, a code, the recovery codes shown once) before the session opens.
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { AuthResponse } from '@cropvest/contracts/identity/auth';
import type { TwoFactorChallenge, TwoFactorEnrolment } from '@cropvest/contracts/identity/two-factor';
import {
  isApiError,
  useConfirmLoginEnrolmentMutation,
  useLoginTwoFactorMutation,
  useStartLoginEnrolmentMutation,
} from '@cropvest/web-kit';
import { lazyZodResolver, toastFailure } from '@cropvest/web-kit/form';
import { Button } from '@cropvest/ui/button';
import { TextField } from '@cropvest/ui/input';
import { QueryView } from '@cropvest/ui/query-view';
import { EnrolmentSecret, RecoveryCodesList } from '@cropvest/ui/two-factor';
import { AuthForm } from './AuthFrame.tsx';
import { loadSchemas } from './load-schemas.ts';

type Challenge = TwoFactorChallenge['twoFactor'];
type CodeValues = { code: string };
type RecoveryValues = { recoveryCode: string };

const codeResolver = lazyZodResolver<CodeValues, CodeValues>(() =>
  loadSchemas().then((s) => s.TwoFactorCodeForm),
);
const recoveryResolver = lazyZodResolver<RecoveryValues, RecoveryValues>(() =>
  loadSchemas().then((s) => s.RecoveryCodeForm),
);

/** The code field: six digits, the browser may offer a code it received (autocomplete one-time-code). */
function CodeForm({
  onCode,
  busy,
  label,
}: {
  onCode: (code: string) => Promise<unknown>;
  busy: boolean;
  label: string;
}) {
  const form = useForm<CodeValues>({
    resolver: codeResolver,
    defaultValues: { code: '' },
    mode: 'onTouched',
  });
  return (
    <AuthForm
      onSubmit={form.handleSubmit(({ code }) => onCode(code))}
      submit={{ label, busy, busyLabel: 'Checking…' }}
    >
      <TextField
        label="Authentication code"
        hint="The 6-digit code your authenticator app shows for CropVest."
        error={form.formState.errors.code?.message}
        inputMode="numeric"
        autoComplete="one-time-code"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- this step replaces the form that had focus; the code field takes it
        autoFocus
        {...form.register('code')}
      />
    </AuthForm>
  );
}

function RecoveryForm({ onCode, busy }: { onCode: (code: string) => Promise<unknown>; busy: boolean }) {
  const form = useForm<RecoveryValues>({
    resolver: recoveryResolver,
    defaultValues: { recoveryCode: '' },
    mode: 'onTouched',
  });
  return (
    <AuthForm
      onSubmit={form.handleSubmit(({ recoveryCode }) => onCode(recoveryCode))}
      submit={{ label: 'Verify', busy, busyLabel: 'Checking…' }}
    >
      <TextField
        label="Recovery code"
        hint="One of the ten codes you saved when you turned on two-factor authentication. Each works once."
        error={form.formState.errors.recoveryCode?.message}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- this step replaces the form that had focus; the code field takes it
        autoFocus
        {...form.register('recoveryCode')}
      />
    </AuthForm>
  );
}

/** Asks for a code (or a recovery code) and answers the session. */
function CodeStep({
  challenge,
  finish,
  restart,
}: {
  challenge: Challenge;
  finish: StepFinish;
  restart: () => void;
}) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [verify, { isLoading }] = useLoginTwoFactorMutation();
  const send = (proof: { code: string } | { recoveryCode: string }) =>
    finish(async () => {
      try {
        return await verify({ challengeToken: challenge.challengeToken, ...proof }).unwrap();
      } catch (error) {
        // The step is over (expired, or locked after too many wrong codes): back to the password, with the toast.
        if (isApiError(error) && (error.code === 'INVALID_CHALLENGE' || error.code === 'TWO_FACTOR_LOCKED'))
          restart();
        throw error;
      }
    });
  return (
    <div className="space-y-4">
      <p className="text-sm text-ink-muted">
        {useRecovery
          ? 'Enter one of your recovery codes.'
          : 'Two-factor authentication is on for this account. Enter the code from your authenticator app.'}
      </p>
      {useRecovery ? (
        <RecoveryForm busy={isLoading} onCode={(recoveryCode) => send({ recoveryCode })} />
      ) : (
        <CodeForm busy={isLoading} label="Verify" onCode={(code) => send({ code })} />
      )}
      <Button variant="link" className="px-0" onClick={() => setUseRecovery((on) => !on)}>
        {useRecovery ? 'Use a code from your app' : 'Use a recovery code'}
      </Button>
    </div>
  );
}

/** An admin who must use two-factor: scan, confirm with a code, keep the codes, then continue. */
function EnrolStep({ challenge, finish }: { challenge: Challenge; finish: StepFinish }) {
  const [start, enrolment] = useStartLoginEnrolmentMutation();
  const [confirm, { isLoading }] = useConfirmLoginEnrolmentMutation();
  const [enrolled, setEnrolled] = useState<{ session: AuthResponse; codes: string[] } | null>(null);
  const begin = useCallback(
    () => void start({ challengeToken: challenge.challengeToken }),
    [start, challenge.challengeToken],
  );
  useEffect(begin, [begin]);

  if (enrolled)
    return (
      <div className="space-y-4">
        <RecoveryCodesList codes={enrolled.codes} />
        <Button className="w-full" onClick={() => void finish(() => Promise.resolve(enrolled.session))}>
          Continue
        </Button>
      </div>
    );
  const onCode = async (code: string) => {
    try {
      const { recoveryCodes, ...session } = await confirm({
        challengeToken: challenge.challengeToken,
        code,
      }).unwrap();
      setEnrolled({ session, codes: recoveryCodes });
    } catch (error) {
      toastFailure(error, { title: 'Error', fallback: 'Could not turn on two-factor authentication' });
    }
  };
  return (
    <div className="space-y-4">
      <p className="text-sm text-ink-muted">
        Admin accounts must use two-factor authentication. Scan this QR code with an authenticator app, then
        enter the code it shows.
      </p>
      <QueryView
        query={{
          data: enrolment.data,
          error: enrolment.error,
          isLoading: enrolment.isLoading || enrolment.isUninitialized,
          refetch: begin,
        }}
        what="your two-factor setup"
      >
        {(setup: TwoFactorEnrolment) => <EnrolmentSecret setup={setup} />}
      </QueryView>
      <CodeForm busy={isLoading} label="Turn on and sign in" onCode={onCode} />
    </div>
  );
}

type StepFinish = (call: () => Promise<AuthResponse>) => Promise<void>;

export function TwoFactorStep({
  challenge,
  finish,
  restart,
}: {
  challenge: Challenge;
  finish: StepFinish;
  /** Back to the password (another account, or an expired step). */
  restart: () => void;
}) {
  return (
    <div className="space-y-2">
      {challenge.required === 'enrol' ? (
        <EnrolStep challenge={challenge} finish={finish} />
      ) : (
        <CodeStep challenge={challenge} finish={finish} restart={restart} />
      )}
      <Button variant="link" className="px-0" onClick={restart}>
        Sign in with another account
      </Button>
    </div>
  );
}
