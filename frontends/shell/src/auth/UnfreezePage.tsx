// Asking to unfreeze an account the owner froze (docs/decisions/0101-account-freeze.md): the email, the password
// and, for an account with two-factor, a code from the app or one recovery code; then a link is mailed to the
// account, and the account unfreezes only from that link (UnfreezeConfirmPage).
//
// The second factor's field is always on the form, marked for those who set up two-factor, rather than asked for
// after the server's TWO_FACTOR_CODE_REQUIRED: asking afterwards would send the password a second time, and every
// wrong or repeated password check counts toward the account's lockout. The server's answer still lands under the
// field when the code is missing or wrong.
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import {
  UNFREEZE_LINK_MINUTES,
  type UnfreezeRequested,
} from '@cropvest/contracts/identity/account-protection';
import type { z } from '@cropvest/contracts/zod';
import { isApiError, toastMessage } from '@cropvest/web-kit';
import { lazyZodResolver } from '@cropvest/web-kit/form';
import { Button } from '@cropvest/ui/button';
import { TextField } from '@cropvest/ui/input';
import type * as Schemas from './schemas.ts';
import { AuthForm, AuthFrame } from './AuthFrame.tsx';
import { CredentialsFields } from './CredentialsFields.tsx';
import { AuthNotice } from './AuthNotice.tsx';
import { loadSchemas } from './load-schemas.ts';
import { useRequestUnfreezeMutation } from '../api/identity.ts';

type UnfreezeForm = (typeof Schemas)['UnfreezeForm'];
type UnfreezeInput = z.input<UnfreezeForm>;
type UnfreezeValues = z.output<UnfreezeForm>;

const resolver = lazyZodResolver<UnfreezeInput, UnfreezeValues>(() =>
  loadSchemas().then((s) => s.UnfreezeForm),
);

/** The server's refusals about the second factor, shown under its field. */
const SECOND_FACTOR_REFUSALS = new Set(['TWO_FACTOR_CODE_REQUIRED', 'INVALID_TWO_FACTOR_CODE']);

export default function UnfreezePage() {
  const [requestUnfreeze, { isLoading }] = useRequestUnfreezeMutation();
  const [useRecovery, setUseRecovery] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sent, setSent] = useState<UnfreezeRequested | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<UnfreezeInput, unknown, UnfreezeValues>({
    resolver,
    defaultValues: { email: '', password: '', code: '', recoveryCode: '' },
    mode: 'onTouched',
  });
  const secondFactor = useRecovery ? 'recoveryCode' : 'code';

  const onSubmit = async ({ email, password, code, recoveryCode }: UnfreezeValues) => {
    setRefusal(null);
    try {
      setSent(await requestUnfreeze({ email, password, code, recoveryCode }).unwrap());
    } catch (error) {
      if (isApiError(error) && SECOND_FACTOR_REFUSALS.has(error.code ?? ''))
        setError(secondFactor, { type: 'server', message: toastMessage(error, 'Enter your code') });
      else setRefusal(toastMessage(error, 'Could not ask to unfreeze your account'));
    }
  };
  /** One of the two fields at a time: the other is emptied so that only one goes to the server. */
  const switchSecondFactor = () => {
    setValue(secondFactor, '');
    setUseRecovery((on) => !on);
  };

  let content: ReactNode;
  if (sent)
    content = (
      <AuthNotice tone="success" title="Check your email">
        <p>
          We sent a link to <strong className="break-words">{sent.sentTo}</strong>. Open it within{' '}
          {UNFREEZE_LINK_MINUTES} minutes and choose &ldquo;Unfreeze my account&rdquo; to finish.
        </p>
      </AuthNotice>
    );
  else
    content = (
      <div className="space-y-2">
        <AuthForm
          onSubmit={handleSubmit(onSubmit)}
          submit={{ label: 'Email me the link', busy: isLoading, busyLabel: 'Checking…' }}
          error={refusal}
        >
          <CredentialsFields email={register('email')} password={register('password')} errors={errors} />
          {useRecovery ? (
            <TextField
              key="recoveryCode"
              label="Recovery code (if you set up two-factor authentication)"
              hint="One of the ten codes you saved when you turned on two-factor authentication."
              error={errors.recoveryCode?.message}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              {...register('recoveryCode')}
            />
          ) : (
            <TextField
              key="code"
              label="Authentication code (if you set up two-factor authentication)"
              hint="The 6-digit code your authenticator app shows for CropVest."
              error={errors.code?.message}
              inputMode="numeric"
              autoComplete="one-time-code"
              {...register('code')}
            />
          )}
        </AuthForm>
        <Button variant="link" className="px-0" onClick={switchSecondFactor}>
          {useRecovery ? 'Use a code from your app instead' : 'Use a recovery code instead'}
        </Button>
      </div>
    );

  return (
    <AuthFrame
      title="Unfreeze your account"
      subtitle="Prove it is you; we then email a link that unfreezes the account."
      footer={{ question: 'Not frozen?', to: '/login', link: 'Sign in' }}
    >
      {content}
    </AuthFrame>
  );
}
