// The address-poisoning warning (decision 0097): the typed address and the known one it looks like, both in full,
// the differing characters marked by weight, underline and a tinted box, and their number said in words, so the
// marking never rests on colour alone; then the confirmation the wallet asks for.
import { useId } from 'react';
import { ShieldAlert } from 'lucide-react';
import type { Lookalike } from '@cropvest/contracts/wallet/address-book';
import { addressRuns, differingCount, LOOKALIKE_ENDS } from '@cropvest/contracts/wallet/address-book-rules';
import { Checkbox } from '@cropvest/ui/checkbox';
import { useUiMessages, type UiText } from '@cropvest/ui/messages/catalogue';

/** One address in full, each run differing from `other` marked. */
function MarkedAddress({ address, other }: { address: string; other: string }) {
  return (
    <code className="block break-all rounded bg-surface px-2 py-1.5 font-mono text-sm leading-relaxed text-ink ring-1 ring-warning-border">
      {addressRuns(address, other).map((run, i) =>
        run.differs ? (
          <mark
            key={i}
            className="rounded-sm bg-warning-muted px-px font-bold text-ink underline decoration-2 underline-offset-2"
          >
            {run.text}
          </mark>
        ) : (
          <span key={i}>{run.text}</span>
        ),
      )}
    </code>
  );
}

const knownAs = (lookalike: Lookalike, text: UiText): string =>
  lookalike.source === 'saved'
    ? lookalike.label
      ? text('ui.lookalike.savedNamed', { label: lookalike.label })
      : text('ui.lookalike.saved')
    : text('ui.lookalike.withdrewTo');

export interface LookalikeWarningProps {
  /** The address typed or chosen. */
  address: string;
  lookalike: Lookalike;
  confirmed: boolean;
  onConfirmedChange: (confirmed: boolean) => void;
  /** What the tick allows ("save", "send the withdrawal to"). */
  action: string;
  /** Shown under the tick when the form was sent without it. */
  error?: string | undefined;
}

export function LookalikeWarning({
  address,
  lookalike,
  confirmed,
  onConfirmedChange,
  action,
  error,
}: LookalikeWarningProps) {
  const { text, rich } = useUiMessages();
  const id = useId();
  const count = differingCount(address, lookalike.address);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-lg border border-warning-border bg-warning-muted p-3 text-sm text-warning-ink"
    >
      <h3 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        <ShieldAlert aria-hidden="true" className="h-5 w-5 shrink-0 text-warning-ink" />
        {text('ui.lookalike.title')}
      </h3>
      <p>
        {rich('ui.lookalike.explained', {
          ends: LOOKALIKE_ENDS,
          count,
          strong: (chunks) => <strong>{chunks}</strong>,
        })}
      </p>
      <div className="space-y-1">
        <p className="font-medium">{text('ui.lookalike.entered')}</p>
        <MarkedAddress address={address} other={lookalike.address} />
      </div>
      <div className="space-y-1">
        <p className="font-medium">{knownAs(lookalike, text)}</p>
        <MarkedAddress address={lookalike.address} other={address} />
      </div>
      <div className="flex items-start gap-2">
        <Checkbox
          id={`${id}-confirm`}
          checked={confirmed}
          onCheckedChange={(value) => onConfirmedChange(value === true)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5"
        />
        <label htmlFor={`${id}-confirm`} className="font-medium">
          {text('ui.lookalike.confirm', { action })}
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-danger">
          {error}
        </p>
      ) : null}
    </section>
  );
}
