// Opened from the mailed new-device link (docs/decisions/0100-new-device-approval.md), maybe on another device
// than the one signing in: what is signing in (browser, device, approximate place, network address, when), then
// the owner's decision. Nothing is decided on load: a mail scanner that fetches the link only reads. Refusing
// offers to freeze the account at once (docs/decisions/0101-account-freeze.md), checked by default.
import { useState, type ReactNode } from 'react';
import { DEVICE_APPROVAL_MINUTES } from '@cropvest/contracts/identity/sign-in-rules';
import type { DeviceApprovalDetails } from '@cropvest/contracts/identity/account-protection';
import { isApiError, UNFREEZE_PAGE } from '@cropvest/web-kit';
import { toastFailure } from '@cropvest/web-kit/form';
import { Link } from '@cropvest/web-kit/router';
import { Button } from '@cropvest/ui/button';
import { Checkbox } from '@cropvest/ui/checkbox';
import { ConfirmDialog } from '@cropvest/ui/confirm-dialog';
import { useNow } from '@cropvest/ui/countdown';
import { formatLocalDateTime, formatRelativeTime } from '@cropvest/ui/format';
import { Label } from '@cropvest/ui/input';
import { SkeletonRows, QueryView } from '@cropvest/ui/query-view';
import { Spinner } from '@cropvest/ui/spinner';
import { AuthFrame } from './AuthFrame.tsx';
import { AuthNotice, useLinkToken } from './AuthNotice.tsx';
import {
  useApproveDeviceMutation,
  useDenyDeviceMutation,
  useDeviceApprovalDetailsQuery,
} from '../api/identity.ts';
import { useAuthMessages } from './messages/catalogue.ts';

const linkClass = 'font-semibold underline underline-offset-2';

/** "Nov 27, 2026, 09:14 AM GMT+1 (2 minutes ago)": the reader's own clock, and how long ago that was. */
function Moment({ at, now }: { at: string; now: number }) {
  const { rich } = useAuthMessages();
  return rich('shell.approveDevice.moment', {
    time: <time dateTime={at}>{formatLocalDateTime(at)}</time>,
    ago: formatRelativeTime(at, now),
  });
}

function SignInFacts({ details }: { details: DeviceApprovalDetails }) {
  const { text, rich } = useAuthMessages();
  // The relative times move on while the page is open.
  const now = useNow(30_000);
  const facts: [string, ReactNode][] = [
    [text('shell.approveDevice.when'), <Moment key="when" at={details.requestedAt} now={now} />],
    [text('shell.approveDevice.browser'), details.browser],
    [text('shell.approveDevice.device'), details.device],
    [text('shell.approveDevice.place'), details.place],
    [text('shell.approveDevice.ipAddress'), details.ipAddress ?? text('shell.approveDevice.unknown')],
    [text('shell.approveDevice.expires'), <Moment key="expires" at={details.expiresAt} now={now} />],
  ];
  return (
    <div className="space-y-2">
      <dl className="divide-y divide-border rounded-lg border border-border text-sm">
        {facts.map(([term, value]) => (
          <div key={term} className="grid gap-1 px-4 py-2.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
            <dt className="font-medium text-ink-muted">{term}</dt>
            <dd className="break-words text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      {/* The place comes from IP2Location LITE data, whose licence asks for this line where it is used. */}
      <p className="text-xs text-ink-muted">
        {rich('shell.approveDevice.placeSource', {
          link: (chunks) => (
            <a href="https://lite.ip2location.com" className={linkClass} rel="noreferrer" target="_blank">
              {chunks}
            </a>
          ),
        })}
      </p>
    </div>
  );
}

/** What the link's state means now; `froze` is known only when this page refused it with the freeze. */
function Outcome({ details, froze }: { details: DeviceApprovalDetails; froze: boolean | null }) {
  const { text, rich } = useAuthMessages();
  if (details.status === 'approved')
    return (
      <AuthNotice tone="success" title={text('shell.approveDevice.approved')}>
        <p>{text('shell.approveDevice.approvedText')}</p>
      </AuthNotice>
    );
  if (details.status === 'expired')
    return (
      <AuthNotice tone="info" title={text('shell.approveDevice.expired')}>
        <p>{text('shell.approveDevice.expiredText', { minutes: DEVICE_APPROVAL_MINUTES })}</p>
      </AuthNotice>
    );
  return (
    <AuthNotice tone="danger" title={text('shell.approveDevice.refused')}>
      <p>{text('shell.approveDevice.nobody')}</p>
      {froze ? (
        <p>
          {rich('shell.approveDevice.frozen', {
            link: (chunks) => (
              <Link to={UNFREEZE_PAGE} className={linkClass}>
                {chunks}
              </Link>
            ),
          })}
        </p>
      ) : (
        <p>{text('shell.approveDevice.changePassword')}</p>
      )}
    </AuthNotice>
  );
}

function Decision({ token, details }: { token: string; details: DeviceApprovalDetails }) {
  const { text } = useAuthMessages();
  const [approve, approving] = useApproveDeviceMutation();
  const [deny, denying] = useDenyDeviceMutation();
  const [asking, setAsking] = useState(false);
  const [freeze, setFreeze] = useState(true);
  const [froze, setFroze] = useState<boolean | null>(null);
  const current = useDeviceApprovalDetailsQuery(token);

  /** Already decided elsewhere, or expired meanwhile: show the link's state as it is now. */
  const onRefused = (error: unknown) => {
    if (isApiError(error) && error.code === 'DEVICE_APPROVAL_CLOSED') void current.refetch();
    toastFailure(error, {
      title: text('shell.twoFactor.error'),
      fallback: text('shell.approveDevice.answerFailed'),
    });
  };
  const onApprove = async () => {
    try {
      await approve(token).unwrap();
    } catch (error) {
      onRefused(error);
    }
  };
  const onDeny = async () => {
    try {
      await deny({ token, freeze }).unwrap();
      setFroze(freeze);
      setAsking(false);
    } catch (error) {
      setAsking(false);
      onRefused(error);
    }
  };

  return (
    <div className="space-y-5">
      <SignInFacts details={details} />
      {details.status !== 'pending' ? (
        <Outcome details={details} froze={froze} />
      ) : (
        <>
          <p className="text-sm text-ink-muted">{text('shell.approveDevice.onlyIfYou')}</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              className="w-full sm:flex-1"
              onClick={() => void onApprove()}
              disabled={approving.isLoading}
            >
              {approving.isLoading ? (
                <Spinner size="sm" label={text('shell.approveDevice.approving')} />
              ) : null}
              {text('shell.approveDevice.approve')}
            </Button>
            <Button
              variant="destructive"
              className="w-full sm:flex-1"
              onClick={() => setAsking(true)}
              disabled={approving.isLoading}
            >
              {text('shell.approveDevice.notMe')}
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={text('shell.approveDevice.refuseTitle')}
        description={<p>{text('shell.approveDevice.refuseText')}</p>}
        confirmLabel={text('shell.approveDevice.refuse')}
        tone="destructive"
        busy={denying.isLoading}
        onConfirm={onDeny}
      >
        <div className="flex items-start gap-3">
          <Checkbox
            id="freeze-account"
            checked={freeze}
            onCheckedChange={(checked) => setFreeze(checked === true)}
            aria-describedby="freeze-account-hint"
          />
          <div className="space-y-1">
            <Label htmlFor="freeze-account">{text('shell.approveDevice.alsoFreeze')}</Label>
            <p id="freeze-account-hint" className="text-sm text-ink-muted">
              {text('shell.approveDevice.alsoFreezeHint')}
            </p>
          </div>
        </div>
      </ConfirmDialog>
    </div>
  );
}

export default function ApproveDevicePage() {
  const { text } = useAuthMessages();
  const token = useLinkToken();
  const details = useDeviceApprovalDetailsQuery(token, { skip: !token });
  const invalid = !token || (isApiError(details.error) && details.error.status === 400);
  return (
    <AuthFrame
      title={text('shell.approveDevice.title')}
      subtitle={text('shell.approveDevice.subtitle')}
      footer={{
        question: text('shell.approveDevice.useAccount'),
        to: '/login',
        link: text('shell.link.signIn'),
      }}
    >
      {invalid ? (
        <AuthNotice tone="danger" title={text('shell.approveDevice.notValid')}>
          <p>{text('shell.approveDevice.notValidText')}</p>
        </AuthNotice>
      ) : (
        <QueryView
          query={details}
          what={text('shell.approveDevice.what')}
          skeleton={<SkeletonRows rows={6} className="h-8" />}
        >
          {(loaded) => <Decision token={token} details={loaded} />}
        </QueryView>
      )}
    </AuthFrame>
  );
}
