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
import { useAuthMessages } from './messages/catalogue.ts';

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
  const { text } = useAuthMessages();
  const form = useForm<CodeValues>({
    resolver: codeResolver,
    defaultValues: { code: '' },
    mode: 'onTouched',
  });
  return (
    <AuthForm
      onSubmit={form.handleSubmit(({ code }) => onCode(code))}
      submit={{ label, busy, busyLabel: text('shell.unfreezeAsk.checking') }}
    >
      <TextField
        label={text('shell.twoFactor.code')}
        hint={text('shell.unfreezeAsk.codeHint')}
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
  const { text } = useAuthMessages();
  const form = useForm<RecoveryValues>({
    resolver: recoveryResolver,
    defaultValues: { recoveryCode: '' },
    mode: 'onTouched',
  });
  return (
    <AuthForm
      onSubmit={form.handleSubmit(({ recoveryCode }) => onCode(recoveryCode))}
      submit={{ label: text('shell.twoFactor.verify'), busy, busyLabel: text('shell.unfreezeAsk.checking') }}
    >
      <TextField
        label={text('shell.twoFactor.recoveryCode')}
        hint={text('shell.twoFactor.recoveryCodeHint')}
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
  const { text } = useAuthMessages();
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
        {text(useRecovery ? 'shell.twoFactor.enterRecovery' : 'shell.twoFactor.enterCode')}
      </p>
      {useRecovery ? (
        <RecoveryForm busy={isLoading} onCode={(recoveryCode) => send({ recoveryCode })} />
      ) : (
        <CodeForm busy={isLoading} label={text('shell.twoFactor.verify')} onCode={(code) => send({ code })} />
      )}
      <Button variant="link" className="px-0" onClick={() => setUseRecovery((on) => !on)}>
        {text(useRecovery ? 'shell.twoFactor.useApp' : 'shell.twoFactor.useRecovery')}
      </Button>
    </div>
  );
}

/** An admin who must use two-factor: scan, confirm with a code, keep the codes, then continue. */
function EnrolStep({ challenge, finish }: { challenge: Challenge; finish: StepFinish }) {
  const { text } = useAuthMessages();
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
          {text('shell.twoFactor.continue')}
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
      toastFailure(error, {
        title: text('shell.twoFactor.error'),
        fallback: text('shell.twoFactor.enrolFailed'),
      });
    }
  };
  return (
    <div className="space-y-4">
      <p className="text-sm text-ink-muted">{text('shell.twoFactor.enrolIntro')}</p>
      <QueryView
        query={{
          data: enrolment.data,
          error: enrolment.error,
          isLoading: enrolment.isLoading || enrolment.isUninitialized,
          refetch: begin,
        }}
        what={text('shell.twoFactor.setup')}
      >
        {(setup: TwoFactorEnrolment) => <EnrolmentSecret setup={setup} />}
      </QueryView>
      <CodeForm busy={isLoading} label={text('shell.twoFactor.turnOn')} onCode={onCode} />
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
  const { text } = useAuthMessages();
  return (
    <div className="space-y-2">
      {challenge.required === 'enrol' ? (
        <EnrolStep challenge={challenge} finish={finish} />
      ) : (
        <CodeStep challenge={challenge} finish={finish} restart={restart} />
      )}
      <Button variant="link" className="px-0" onClick={restart}>
        {text('shell.twoFactor.anotherAccount')}
      </Button>
    </div>
  );
}
