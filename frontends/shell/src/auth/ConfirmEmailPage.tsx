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

const INVALID_LINK = 'This email confirmation link is invalid or has expired';

export default function ConfirmEmailPage() {
  const token = useLinkToken();
  const user = useAppSelector(selectUser);
  const [confirm, { isLoading }] = useConfirmEmailChangeMutation();
  const [outcome, setOutcome] = useState<{ email: string } | { error: string } | null>(null);
  const next = user ? { to: '/', link: 'Go to your dashboard' } : { to: '/login', link: 'Sign in' };

  const onConfirm = async () => {
    try {
      setOutcome(await confirm({ token }).unwrap());
    } catch (error) {
      setOutcome({ error: toastMessage(error, INVALID_LINK) });
    }
  };

  return (
    <AuthFrame
      title="Confirm your new email address"
      subtitle="Your account signs in with the new address once you confirm it."
      footer={{ question: user ? 'Done here?' : 'Already confirmed?', ...next }}
    >
      {outcome && 'email' in outcome ? (
        <div role="status" className="flex gap-3 rounded-lg border border-brand-border bg-brand-muted p-4">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand" />
          <p className="text-sm text-brand-ink">
            Your email address is now <strong>{outcome.email}</strong>. Sign in with it from now on.
          </p>
        </div>
      ) : !token ? (
        <p role="alert" className="text-sm text-danger-ink">
          {INVALID_LINK}. Open the link from the mail again, or ask for a new one in Profile &amp; Settings.
        </p>
      ) : (
        <div className="space-y-4">
          {outcome && 'error' in outcome ? (
            <p role="alert" className="text-sm text-danger-ink">
              {outcome.error}. Ask for a new link in Profile &amp; Settings.
            </p>
          ) : null}
          <Button className="w-full" onClick={() => void onConfirm()} disabled={isLoading}>
            {isLoading ? <Spinner size="sm" label="Confirming…" /> : null}
            Confirm email address
          </Button>
          <p className="text-center text-sm text-ink-muted">
            Did not ask for this?{' '}
            <Link to="/" className="font-semibold text-brand-ink underline underline-offset-2">
              Leave this page
            </Link>
            ; nothing changes.
          </p>
        </div>
      )}
    </AuthFrame>
  );
}
