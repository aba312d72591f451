// The wait for a new-device approval (docs/decisions/0100-new-device-approval.md): the right password came from a
// device and network the account never used, so the owner was mailed a link. This browser keeps the wait token in
// memory and asks every few seconds whether the link was opened; the answer is a session, the two-factor step, or
// a refusal that sends the person back to the form with its reason.
import { useEffect, useRef } from 'react';
import { MailCheck } from 'lucide-react';
import type { DeviceApprovalPending } from '@cropvest/contracts/identity/auth';
import { DEVICE_APPROVAL_MINUTES } from '@cropvest/contracts/identity/sign-in-rules';
import type { LoginResponse } from '@cropvest/contracts/identity/two-factor';
import { isApiError, toastMessage } from '@cropvest/web-kit';
import { Button } from '@cropvest/ui/button';
import { Countdown } from '@cropvest/ui/countdown';
import { isStillWaiting, useClaimDeviceApprovalMutation } from '../api/identity.ts';
import { useAuthMessages } from './messages/catalogue.ts';

/** How often the waiting browser asks. */
const POLL_MS = 3000;

/** A refusal the wait cannot get past: the link refused it or expired, or the account is frozen. */
const isFinal = (error: unknown) =>
  isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429;

export function DeviceApprovalStep({
  pending,
  onAnswer,
  onRefused,
  onCancel,
}: {
  pending: DeviceApprovalPending['deviceApproval'];
  /** The owner approved: a session, or the two-factor challenge. */
  onAnswer: (answer: LoginResponse) => void;
  /** Refused, expired or frozen: the error (with the server's message) for the form to show. */
  onRefused: (error: unknown, fallback: string) => void;
  onCancel: () => void;
}) {
  const { text, rich } = useAuthMessages();
  // Said when this browser gives up on its own (the server was unreachable past the deadline).
  const expired = text('shell.deviceWait.expired');
  const [claim] = useClaimDeviceApprovalMutation();
  const intro = useRef<HTMLDivElement>(null);
  // The instructions are read first when the step appears, not the button the person pressed a moment ago.
  useEffect(() => intro.current?.focus(), []);

  const { waitToken, expiresAt } = pending;
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const answer = await claim({ waitToken }).unwrap();
        if (stopped) return;
        if (!isStillWaiting(answer)) return onAnswer(answer);
      } catch (error) {
        if (stopped) return;
        if (isFinal(error)) return onRefused(error, toastMessage(error, expired));
        // A network hiccup or a busy server: ask again, until the request has expired.
      }
      if (Date.now() > Date.parse(expiresAt) + POLL_MS) return onRefused(null, expired);
      timer = setTimeout(() => void ask(), POLL_MS);
    };
    timer = setTimeout(() => void ask(), POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [claim, waitToken, expiresAt, onAnswer, onRefused, expired]);

  return (
    <div className="space-y-5">
      <div ref={intro} tabIndex={-1} className="flex gap-3 rounded-lg bg-brand-muted p-4 focus:outline-none">
        <MailCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand" />
        <p className="text-sm text-brand-ink">
          {rich('shell.deviceWait.openLink', {
            email: pending.sentTo,
            minutes: DEVICE_APPROVAL_MINUTES,
            strong: (chunks) => <strong className="break-words">{chunks}</strong>,
          })}
        </p>
      </div>
      <p className="text-sm text-ink-muted">{text('shell.deviceWait.keepOpen')}</p>
      <Countdown until={expiresAt} label={text('shell.deviceWait.expiresIn')} />
      <Button variant="outline" className="w-full" onClick={onCancel}>
        {text('shell.deviceWait.cancel')}
      </Button>
    </div>
  );
}
