// Opened from the mailed unfreeze link (docs/decisions/0101-account-freeze.md). The account unfreezes only when the
// button is pressed: mail scanners open links, and opening one must change nothing.
import { useState } from 'react';
import { UNFREEZE_PAGE } from '@cropvest/web-kit';
import { toastMessage } from '@cropvest/web-kit/errors';
import { Link } from '@cropvest/web-kit/router';
import { Button } from '@cropvest/ui/button';
import { Spinner } from '@cropvest/ui/spinner';
import { AuthFrame } from './AuthFrame.tsx';
import { AuthNotice, useLinkToken } from './AuthNotice.tsx';
import { useConfirmUnfreezeMutation } from '../api/identity.ts';

const INVALID_LINK = 'This unfreeze link is invalid or has expired.';
const linkClass = 'font-semibold underline underline-offset-2';

export default function UnfreezeConfirmPage() {
  const token = useLinkToken();
  const [confirm, { isLoading }] = useConfirmUnfreezeMutation();
  const [outcome, setOutcome] = useState<'unfrozen' | { error: string } | null>(null);

  const onConfirm = async () => {
    try {
      await confirm({ token }).unwrap();
      setOutcome('unfrozen');
    } catch (error) {
      setOutcome({ error: toastMessage(error, INVALID_LINK) });
    }
  };
  const askAgain = (
    <p>
      <Link to={UNFREEZE_PAGE} className={linkClass}>
        Ask for a new link
      </Link>
      .
    </p>
  );

  return (
    <AuthFrame title="Unfreeze your account" subtitle="The last step: confirm that you want it unfrozen.">
      {outcome === 'unfrozen' ? (
        <AuthNotice tone="success" title="Your account is unfrozen">
          <p>You can sign in again; new withdrawals stay on hold for a while (normally 24 hours).</p>
          <p>
            <Link to="/login" className={linkClass}>
              Sign in
            </Link>
          </p>
        </AuthNotice>
      ) : !token ? (
        <AuthNotice tone="danger" title="This unfreeze link is not valid">
          {askAgain}
        </AuthNotice>
      ) : (
        <div className="space-y-4">
          {outcome ? (
            <AuthNotice tone="danger" title="Your account is still frozen">
              <p>{outcome.error}</p>
              {askAgain}
            </AuthNotice>
          ) : null}
          <Button className="w-full" onClick={() => void onConfirm()} disabled={isLoading}>
            {isLoading ? <Spinner size="sm" label="Unfreezing…" /> : null}
            Unfreeze my account
          </Button>
        </div>
      )}
    </AuthFrame>
  );
}
