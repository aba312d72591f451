// Opened from the link mailed to a new email address (docs/decisions/0065-profile-and-login-alerts.md). The
// address changes only when the person presses the button: a mail scanner that fetches the link changes
// nothing. Works signed in or not; a signed-in account's profile follows at once.
import { useState } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { selectUser, useAppSelector } from '@cropvest/web-kit';
import { toastMessage } from '@cropvest/web-kit/errors';
import { Link } from '@cropvest/web-kit/router';
import { Button } from '@cropvest/ui/button';
import { Spinner } from '@cropvest/ui/spinner';
import { AuthFrame } from './AuthFrame.tsx';
import { useLinkToken } from './AuthNotice.tsx';
import { useConfirmEmailChangeMutation } from '../api/identity.ts';
import { useAuthMessages } from './messages/catalogue.ts';

export default function ConfirmEmailPage() {
  const { text, rich } = useAuthMessages();
  const token = useLinkToken();
  const user = useAppSelector(selectUser);
  const [confirm, { isLoading }] = useConfirmEmailChangeMutation();
  const [outcome, setOutcome] = useState<{ email: string } | { error: string } | null>(null);
  const invalidLink = text('shell.confirmEmail.invalid');
  const next = user
    ? { to: '/', link: text('shell.notFound.home') }
    : { to: '/login', link: text('shell.link.signIn') };

  const onConfirm = async () => {
    try {
      setOutcome(await confirm({ token }).unwrap());
    } catch (error) {
      setOutcome({ error: toastMessage(error, invalidLink) });
    }
  };

  return (
    <AuthFrame
      title={text('shell.confirmEmail.title')}
      subtitle={text('shell.confirmEmail.subtitle')}
      footer={{ question: text(user ? 'shell.confirmEmail.done' : 'shell.confirmEmail.already'), ...next }}
    >
      {outcome && 'email' in outcome ? (
        <div role="status" className="flex gap-3 rounded-lg border border-brand-border bg-brand-muted p-4">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand" />
          <p className="text-sm text-brand-ink">
            {rich('shell.confirmEmail.changed', {
              email: outcome.email,
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
          </p>
        </div>
      ) : !token ? (
        <p role="alert" className="text-sm text-danger-ink">
          {text('shell.confirmEmail.invalidOpenAgain')}
        </p>
      ) : (
        <div className="space-y-4">
          {outcome && 'error' in outcome ? (
            <p role="alert" className="text-sm text-danger-ink">
              {text('shell.confirmEmail.failed', { error: outcome.error })}
            </p>
          ) : null}
          <Button className="w-full" onClick={() => void onConfirm()} disabled={isLoading}>
            {isLoading ? <Spinner size="sm" label={text('shell.confirmEmail.confirming')} /> : null}
            {text('shell.confirmEmail.confirm')}
          </Button>
          <p className="text-center text-sm text-ink-muted">
            {rich('shell.confirmEmail.notYou', {
              link: (chunks) => (
                <Link to="/" className="font-semibold text-brand-ink underline underline-offset-2">
                  {chunks}
                </Link>
              ),
            })}
          </p>
        </div>
      )}
    </AuthFrame>
  );
}
