// Opened from the mailed new-device link (docs/decisions/0100-new-device-approval.md), maybe on another device
// than the one signing in: what is signing in (browser, device, approximate place, network address, when), then
// the owner's decision. Nothing is decided on load: a mail scanner that fetches the link only reads. Refusing
// offers to freeze the account at once (docs/decisions/0101-account-freeze.md), checked by default.
import { useState, type ReactNode } from 'react';
import { DEVICE_APPROVAL_MINUTES } from '@cropvest/contracts/identity/auth';
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

const linkClass = 'font-semibold underline underline-offset-2';

/** "Nov 27, 2026, 09:14 AM GMT+1 (2 minutes ago)": the reader's own clock, and how long ago that was. */
function Moment({ at, now }: { at: string; now: number }) {
  return (
    <>
      <time dateTime={at}>{formatLocalDateTime(at)}</time> ({formatRelativeTime(at, now)})
    </>
  );
}

function SignInFacts({ details }: { details: DeviceApprovalDetails }) {
  // The relative times move on while the page is open.
  const now = useNow(30_000);
  const facts: [string, ReactNode][] = [
    ['When', <Moment key="when" at={details.requestedAt} now={now} />],
    ['Browser', details.browser],
    ['Device', details.device],
    ['Approximate place', details.place],
    ['Network (IP) address', details.ipAddress ?? 'Unknown'],
    ['Link expires', <Moment key="expires" at={details.expiresAt} now={now} />],
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
        The place is the country of the network address, from IP2Location LITE data available from{' '}
        <a href="https://lite.ip2location.com" className={linkClass} rel="noreferrer" target="_blank">
          lite.ip2location.com
        </a>
        .
      </p>
    </div>
  );
}

/** What the link's state means now; `froze` is known only when this page refused it with the freeze. */
function Outcome({ details, froze }: { details: DeviceApprovalDetails; froze: boolean | null }) {
  if (details.status === 'approved')
    return (
      <AuthNotice tone="success" title="Sign-in approved">
        <p>You can go back to the device that is signing in: it carries on by itself.</p>
      </AuthNotice>
    );
  if (details.status === 'expired')
    return (
      <AuthNotice tone="info" title="This sign-in request expired">
        <p>
          Nobody signed in: a request waits {DEVICE_APPROVAL_MINUTES} minutes at most. If it was you, sign in
          again and approve the new email.
        </p>
      </AuthNotice>
    );
  return (
    <AuthNotice tone="danger" title="Sign-in refused">
      <p>Nobody signed in from that device.</p>
      {froze ? (
        <p>
          Your account is frozen: nobody can sign in, every session has ended and withdrawals are stopped.
          When you are ready,{' '}
          <Link to={UNFREEZE_PAGE} className={linkClass}>
            unfreeze your account
          </Link>{' '}
          with your password, then change the password straight away.
        </p>
      ) : (
        <p>
          Whoever tried knows your password. Change it now under Profile &amp; Settings → Security, and freeze
          your account from the link in our security emails if anything else looks wrong.
        </p>
      )}
    </AuthNotice>
  );
}

function Decision({ token, details }: { token: string; details: DeviceApprovalDetails }) {
  const [approve, approving] = useApproveDeviceMutation();
  const [deny, denying] = useDenyDeviceMutation();
  const [asking, setAsking] = useState(false);
  const [freeze, setFreeze] = useState(true);
  const [froze, setFroze] = useState<boolean | null>(null);
  const current = useDeviceApprovalDetailsQuery(token);

  /** Already decided elsewhere, or expired meanwhile: show the link's state as it is now. */
  const onRefused = (error: unknown) => {
    if (isApiError(error) && error.code === 'DEVICE_APPROVAL_CLOSED') void current.refetch();
    toastFailure(error, { title: 'Error', fallback: 'Could not record your answer' });
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
          <p className="text-sm text-ink-muted">
            Approve it only if you are signing in yourself, right now, on the browser and device above.
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              className="w-full sm:flex-1"
              onClick={() => void onApprove()}
              disabled={approving.isLoading}
            >
              {approving.isLoading ? <Spinner size="sm" label="Approving…" /> : null}
              Yes, it&rsquo;s me — approve
            </Button>
            <Button
              variant="destructive"
              className="w-full sm:flex-1"
              onClick={() => setAsking(true)}
              disabled={approving.isLoading}
            >
              No, it wasn&rsquo;t me
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Refuse this sign-in?"
        description={
          <p>
            Nobody signs in from that device. Whoever tried knows your password: change it as soon as you can.
          </p>
        }
        confirmLabel="Refuse sign-in"
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
            <Label htmlFor="freeze-account">Also freeze my account</Label>
            <p id="freeze-account-hint" className="text-sm text-ink-muted">
              Sign-ins, sessions and withdrawals stop at once. Unfreezing needs your password, your second
              factor if you set one up, and a link we email you.
            </p>
          </div>
        </div>
      </ConfirmDialog>
    </div>
  );
}

export default function ApproveDevicePage() {
  const token = useLinkToken();
  const details = useDeviceApprovalDetailsQuery(token, { skip: !token });
  const invalid = !token || (isApiError(details.error) && details.error.status === 400);
  return (
    <AuthFrame
      title="Someone is signing in to your account"
      subtitle="Check that it is you before you approve it."
      footer={{ question: 'Want to use your account?', to: '/login', link: 'Sign in' }}
    >
      {invalid ? (
        <AuthNotice tone="danger" title="This approval link is not valid">
          <p>
            Open the link from the newest email again. If it still fails, the sign-in it was for has ended:
            nobody signed in with it.
          </p>
        </AuthNotice>
      ) : (
        <QueryView query={details} what="this sign-in" skeleton={<SkeletonRows rows={6} className="h-8" />}>
          {(loaded) => <Decision token={token} details={loaded} />}
        </QueryView>
      )}
    </AuthFrame>
  );
}
