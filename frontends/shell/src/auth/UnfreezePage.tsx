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
import type { UnfreezeRequested } from '@cropvest/contracts/identity/account-protection';
import { UNFREEZE_LINK_MINUTES } from '@cropvest/contracts/identity/sign-in-rules';
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
import { useAuthMessages } from './messages/catalogue.ts';

type UnfreezeForm = (typeof Schemas)['UnfreezeForm'];
type UnfreezeInput = z.input<UnfreezeForm>;
type UnfreezeValues = z.output<UnfreezeForm>;

const resolver = lazyZodResolver<UnfreezeInput, UnfreezeValues>(() =>
  loadSchemas().then((s) => s.UnfreezeForm),
);

/** The server's refusals about the second factor, shown under its field. */
const SECOND_FACTOR_REFUSALS = new Set(['TWO_FACTOR_CODE_REQUIRED', 'INVALID_TWO_FACTOR_CODE']);

export default function UnfreezePage() {
  const { text, rich } = useAuthMessages();
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
        setError(secondFactor, {
          type: 'server',
          message: toastMessage(error, text('shell.unfreezeAsk.enterCode')),
        });
      else setRefusal(toastMessage(error, text('shell.unfreezeAsk.failed')));
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
      <AuthNotice tone="success" title={text('shell.login.checkEmail')}>
        <p>
          {rich('shell.unfreezeAsk.sent', {
            email: sent.sentTo,
            minutes: UNFREEZE_LINK_MINUTES,
            strong: (chunks) => <strong className="break-words">{chunks}</strong>,
          })}
        </p>
      </AuthNotice>
    );
  else
    content = (
      <div className="space-y-2">
        <AuthForm
          onSubmit={handleSubmit(onSubmit)}
          submit={{
            label: text('shell.unfreezeAsk.submit'),
            busy: isLoading,
            busyLabel: text('shell.unfreezeAsk.checking'),
          }}
          error={refusal}
        >
          <CredentialsFields email={register('email')} password={register('password')} errors={errors} />
          {useRecovery ? (
            <TextField
              key="recoveryCode"
              label={text('shell.unfreezeAsk.recoveryCode')}
              hint={text('shell.unfreezeAsk.recoveryCodeHint')}
              error={errors.recoveryCode?.message}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              {...register('recoveryCode')}
            />
          ) : (
            <TextField
              key="code"
              label={text('shell.unfreezeAsk.code')}
              hint={text('shell.unfreezeAsk.codeHint')}
              error={errors.code?.message}
              inputMode="numeric"
              autoComplete="one-time-code"
              {...register('code')}
            />
          )}
        </AuthForm>
        <Button variant="link" className="px-0" onClick={switchSecondFactor}>
          {text(useRecovery ? 'shell.unfreezeAsk.useApp' : 'shell.unfreezeAsk.useRecovery')}
        </Button>
      </div>
    );

  return (
    <AuthFrame
      title={text('shell.unfreeze.title')}
      subtitle={text('shell.unfreezeAsk.subtitle')}
      footer={{
        question: text('shell.unfreezeAsk.notFrozen'),
        to: '/login',
        link: text('shell.link.signIn'),
      }}
    >
      {content}
    </AuthFrame>
  );
}
