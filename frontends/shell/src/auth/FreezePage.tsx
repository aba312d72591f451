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
import { useAuthMessages } from './messages/catalogue.ts';

/** What freezing does, and what undoing it takes, before the person decides. */
function FreezeEffects() {
  const { text } = useAuthMessages();
  return (
    <div className="space-y-3 text-sm text-ink-muted">
      <p className="font-medium text-ink">{text('shell.freeze.atOnce')}</p>
      <ul className="list-disc space-y-1 ps-5">
        <li>{text('shell.freeze.noSignIn')}</li>
        <li>{text('shell.freeze.sessionsEnd')}</li>
        <li>{text('shell.freeze.noWithdrawal')}</li>
      </ul>
      <p>{text('shell.freeze.undo')}</p>
    </div>
  );
}

export default function FreezePage() {
  const { text, rich } = useAuthMessages();
  const token = useLinkToken();
  const [freeze, { isLoading }] = useFreezeFromLinkMutation();
  const [outcome, setOutcome] = useState<'frozen' | { error: string } | null>(null);

  const onFreeze = async () => {
    try {
      await freeze({ token }).unwrap();
      setOutcome('frozen');
    } catch (error) {
      setOutcome({ error: toastMessage(error, text('shell.freeze.invalid')) });
    }
  };

  return (
    <AuthFrame
      title={text('shell.freeze.title')}
      subtitle={text('shell.freeze.subtitle')}
      footer={{ question: text('shell.freeze.nothingWrong'), to: '/login', link: text('shell.link.signIn') }}
    >
      {outcome === 'frozen' ? (
        <AuthNotice tone="success" title={text('shell.freeze.frozen')}>
          <p>
            {rich('shell.freeze.frozenText', {
              link: (chunks) => (
                <Link to={UNFREEZE_PAGE} className="font-semibold underline underline-offset-2">
                  {chunks}
                </Link>
              ),
            })}
          </p>
        </AuthNotice>
      ) : !token ? (
        <AuthNotice tone="danger" title={text('shell.freeze.notValid')}>
          <p>{text('shell.freeze.openAgain')}</p>
        </AuthNotice>
      ) : (
        <div className="space-y-5">
          <FreezeEffects />
          {outcome ? (
            <AuthNotice tone="danger" title={text('shell.freeze.notFrozen')}>
              <p>{outcome.error}</p>
              <p>{text('shell.freeze.openNewest')}</p>
            </AuthNotice>
          ) : null}
          <Button
            variant="destructive"
            className="w-full"
            onClick={() => void onFreeze()}
            disabled={isLoading}
          >
            {isLoading ? (
              <Spinner size="sm" label={text('shell.freeze.freezing')} />
            ) : (
              <Snowflake aria-hidden="true" className="h-4 w-4" />
            )}
            {text('shell.freeze.confirm')}
          </Button>
        </div>
      )}
    </AuthFrame>
  );
}
