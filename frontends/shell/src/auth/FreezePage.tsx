// Opened from the freeze link in every security mail (docs/decisions/0101-account-freeze.md): someone who did not
// make the change they were told about stops everything without signing in. The page explains what freezing does
// and how it is undone; the account freezes only when the button is pressed (a mail scanner that fetches the link
// freezes nothing).
import { useState } from 'react';
import { Snowflake } from 'lucide-react';
import { UNFREEZE_PAGE } from '@cropvest/web-kit';
import { toastMessage } from '@cropvest/web-kit/errors';
import { Link } from '@cropvest/web-kit/router';
import { Button } from '@cropvest/ui/button';
import { Spinner } from '@cropvest/ui/spinner';
import { AuthFrame } from './AuthFrame.tsx';
import { AuthNotice, useLinkToken } from './AuthNotice.tsx';
import { useFreezeFromLinkMutation } from '../api/identity.ts';

const INVALID_LINK = 'This freeze link is invalid.';

/** What freezing does, and what undoing it takes, before the person decides. */
function FreezeEffects() {
  return (
    <div className="space-y-3 text-sm text-ink-muted">
      <p className="font-medium text-ink">At once:</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>nobody can sign in, not even you;</li>
        <li>every session ends, on every device;</li>
        <li>no withdrawal can be made, and those still waiting are cancelled.</li>
      </ul>
      <p>
        To undo it you need your password, your second factor if you set one up, and a link we email you.
        After that, new withdrawals stay on hold for a while (normally 24 hours).
      </p>
    </div>
  );
}

export default function FreezePage() {
  const token = useLinkToken();
  const [freeze, { isLoading }] = useFreezeFromLinkMutation();
  const [outcome, setOutcome] = useState<'frozen' | { error: string } | null>(null);

  const onFreeze = async () => {
    try {
      await freeze({ token }).unwrap();
      setOutcome('frozen');
    } catch (error) {
      setOutcome({ error: toastMessage(error, INVALID_LINK) });
    }
  };

  return (
    <AuthFrame
      title="Freeze your account"
      subtitle="Did we email you about a change you did not make? Stop everything now."
      footer={{ question: 'Nothing wrong?', to: '/login', link: 'Sign in' }}
    >
      {outcome === 'frozen' ? (
        <AuthNotice tone="success" title="Your account is frozen">
          <p>
            Nobody can sign in, every session has ended and withdrawals are stopped. When you are ready,{' '}
            <Link to={UNFREEZE_PAGE} className="font-semibold underline underline-offset-2">
              unfreeze your account
            </Link>{' '}
            and change your password.
          </p>
        </AuthNotice>
      ) : !token ? (
        <AuthNotice tone="danger" title="This freeze link is not valid">
          <p>Open the link from the email again.</p>
        </AuthNotice>
      ) : (
        <div className="space-y-5">
          <FreezeEffects />
          {outcome ? (
            <AuthNotice tone="danger" title="Your account was not frozen">
              <p>{outcome.error}</p>
              <p>Open the link from the newest security email again.</p>
            </AuthNotice>
          ) : null}
          <Button
            variant="destructive"
            className="w-full"
            onClick={() => void onFreeze()}
            disabled={isLoading}
          >
            {isLoading ? (
              <Spinner size="sm" label="Freezing…" />
            ) : (
              <Snowflake aria-hidden="true" className="h-4 w-4" />
            )}
            Freeze my account
          </Button>
        </div>
      )}
    </AuthFrame>
  );
}
