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
import { useAuthMessages } from './messages/catalogue.ts';

const linkClass = 'font-semibold underline underline-offset-2';

export default function UnfreezeConfirmPage() {
  const { text, rich } = useAuthMessages();
  const token = useLinkToken();
  const [confirm, { isLoading }] = useConfirmUnfreezeMutation();
  const [outcome, setOutcome] = useState<'unfrozen' | { error: string } | null>(null);

  const onConfirm = async () => {
    try {
      await confirm({ token }).unwrap();
      setOutcome('unfrozen');
    } catch (error) {
      setOutcome({ error: toastMessage(error, text('shell.unfreezeConfirm.invalid')) });
    }
  };
  const askAgain = (
    <p>
      {rich('shell.unfreezeConfirm.askAgain', {
        link: (chunks) => (
          <Link to={UNFREEZE_PAGE} className={linkClass}>
            {chunks}
          </Link>
        ),
      })}
    </p>
  );

  return (
    <AuthFrame title={text('shell.unfreeze.title')} subtitle={text('shell.unfreezeConfirm.subtitle')}>
      {outcome === 'unfrozen' ? (
        <AuthNotice tone="success" title={text('shell.unfreezeConfirm.done')}>
          <p>{text('shell.unfreezeConfirm.doneText')}</p>
          <p>
            <Link to="/login" className={linkClass}>
              {text('shell.link.signIn')}
            </Link>
          </p>
        </AuthNotice>
      ) : !token ? (
        <AuthNotice tone="danger" title={text('shell.unfreezeConfirm.notValid')}>
          {askAgain}
        </AuthNotice>
      ) : (
        <div className="space-y-4">
          {outcome ? (
            <AuthNotice tone="danger" title={text('shell.unfreezeConfirm.stillFrozen')}>
              <p>{outcome.error}</p>
              {askAgain}
            </AuthNotice>
          ) : null}
          <Button className="w-full" onClick={() => void onConfirm()} disabled={isLoading}>
            {isLoading ? <Spinner size="sm" label={text('shell.unfreezeConfirm.unfreezing')} /> : null}
            {text('shell.unfreezeConfirm.confirm')}
          </Button>
        </div>
      )}
    </AuthFrame>
  );
}
