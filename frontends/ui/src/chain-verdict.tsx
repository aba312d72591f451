// A deposit's chain verdict and a withdrawal's payout verdict on screen (docs/decisions/0080), for the investor's
// Deposit and Withdraw screens and the admin's Deposits and Withdrawals screens alike. Two pieces each:
//
//   <ChainVerdictBadge deposit={d} />  a few words with an icon, coloured by state ("Confirming 2/3", "Credited")
//   <ChainVerdictText deposit={d} />   the sentence ("Confirming: 2 of 3 blocks", "Refused: <reason>"), a
//                                      progress bar while confirming, and what was credited when the chain
//                                      moved another amount than the one typed
//   <PayoutVerdictBadge withdrawal={w} audience="admin" />  the same for an approved withdrawal's payout
//   <PayoutVerdictText withdrawal={w} audience="admin" />   ("Payout verified on chain", "Payout does not match:
//                                      <reason>" in a red box); audience="investor" words it calmly ("Paid —
//                                      verified on chain", "Being checked by our team"). Nothing before approval.
//   <FundingVerdictText chain={record.chain} />  a plan's recorded transfer for an admin (decision 0095): "Verified
//                                      on chain", "Does not match the record: <reason>" in a red box.
//
// The words come from chainVerdictView, payoutVerdictView and investorPayoutView (@cropvest/ui/chain-text,
// re-exported here), which a screen can call itself (to poll while `open`, say). describeChainVerdict says what
// the chain alone says (no status, no creditedBy), for a reviewer who shows the status beside it. No piece is a
// live region: a screen that wants changes announced wraps it in one.
import type { ComponentType } from 'react';
import { CircleCheck, CircleMinus, CircleX, Clock, LoaderCircle, UserRoundSearch } from 'lucide-react';
import { Badge } from '@cropvest/ui/badge';
import { cn } from '@cropvest/ui/cn';
import { ProgressBar } from '@cropvest/ui/progress';
import { useUiMessages, type UiText } from '@cropvest/ui/messages/catalogue';
import type { FundingChainVerdict } from '@cropvest/contracts/chain/model';
import {
  chainVerdictView,
  fundingVerdictView,
  investorPayoutView,
  payoutVerdictView,
  type ChainVerdictKind,
  type ChainVerdictSubject,
  type PayoutSubject,
  type PayoutVerdictView,
} from '@cropvest/ui/chain-text';

export {
  chainVerdictView,
  describeChainVerdict,
  FUNDING_MISMATCH_REASONS,
  fundingVerdictView,
  investorPayoutView,
  PAYOUT_MISMATCH_REASONS,
  payoutTxidAction,
  payoutVerdictView,
  REFUSAL_REASONS,
  type ChainVerdictSubject,
  type ChainVerdictSummary,
  type ChainVerdictView,
  type InvestorPayoutView,
  type PayoutSubject,
  type PayoutVerdictView,
} from '@cropvest/ui/chain-text';

const ICONS: Record<ChainVerdictKind, ComponentType<{ className?: string; 'aria-hidden'?: boolean }>> = {
  working: LoaderCircle,
  waiting: Clock,
  done: CircleCheck,
  refused: CircleX,
  review: UserRoundSearch,
  none: CircleMinus,
};

const TEXT_COLOURS: Record<ChainVerdictKind, string> = {
  working: 'text-info-ink',
  waiting: 'text-warning-ink',
  done: 'text-success-ink',
  refused: 'text-danger-ink',
  review: 'text-warning-ink',
  none: 'text-ink-muted',
};

function VerdictIcon({ kind, className }: { kind: ChainVerdictKind; className?: string }) {
  const Icon = ICONS[kind];
  return (
    <Icon
      aria-hidden
      className={cn(
        'h-3.5 w-3.5 shrink-0',
        kind === 'working' && 'animate-spin motion-reduce:animate-none',
        className,
      )}
    />
  );
}

/** What the badge and the sentence show, whether of a deposit or of a payout. */
type Shown = Pick<PayoutVerdictView, 'badge' | 'text' | 'tone' | 'kind' | 'progress'> & {
  amountNote?: string | null;
  alarm?: boolean;
};

function VerdictBadge({ view, className }: { view: Shown; className?: string | undefined }) {
  return (
    <Badge tone={view.tone} className={cn('gap-1 whitespace-nowrap', className)} title={view.text}>
      <VerdictIcon kind={view.kind} />
      {view.badge}
    </Badge>
  );
}

function VerdictText({ view, className }: { view: Shown; className?: string | undefined }) {
  const { text } = useUiMessages();
  return (
    <div className={cn('space-y-1 text-xs', className)}>
      <p
        className={cn(
          'flex items-start gap-1.5 font-medium',
          TEXT_COLOURS[view.kind],
          view.alarm &&
            'rounded-md border border-danger-border bg-danger-muted px-2 py-1.5 font-semibold text-danger-ink',
        )}
      >
        <VerdictIcon kind={view.kind} className={view.alarm ? 'mt-0.5 h-4 w-4' : 'mt-px'} />
        <span className="min-w-0 break-words">{view.text}</span>
      </p>
      {view.progress ? (
        <ProgressBar
          value={(view.progress.done / view.progress.required) * 100}
          label={text('ui.chain.progress', view.progress)}
          className="max-w-[12rem]"
        />
      ) : null}
      {view.amountNote ? <p className="text-ink-muted">{view.amountNote}</p> : null}
    </div>
  );
}

export interface ChainVerdictProps {
  deposit: ChainVerdictSubject;
  className?: string;
}

/** The verdict in a few words, as a badge with an icon (lists where space is short). */
export function ChainVerdictBadge({ deposit, className }: ChainVerdictProps) {
  const { text } = useUiMessages();
  return <VerdictBadge view={chainVerdictView(deposit, text)} className={className} />;
}

/**
 * The verdict as a sentence, with a progress bar while the transfer confirms and, when the chain moved another
 * amount than the one typed, what was (or will be) credited.
 */
export function ChainVerdictText({ deposit, className }: ChainVerdictProps) {
  const { text } = useUiMessages();
  return <VerdictText view={chainVerdictView(deposit, text)} className={className} />;
}

export interface PayoutVerdictProps {
  withdrawal: PayoutSubject;
  /** `admin` reads the chain's verdict in full; `investor` reads it in plain, calm words. */
  audience: 'admin' | 'investor';
  className?: string;
}

const payoutView = ({ withdrawal, audience }: PayoutVerdictProps, text: UiText): PayoutVerdictView | null =>
  audience === 'admin' ? payoutVerdictView(withdrawal, text) : investorPayoutView(withdrawal, text);

/** An approved withdrawal's payout in a few words, as a badge with an icon; nothing before approval. */
export function PayoutVerdictBadge(props: PayoutVerdictProps) {
  const { text } = useUiMessages();
  const view = payoutView(props, text);
  return view ? <VerdictBadge view={view} className={props.className} /> : null;
}

/**
 * An approved withdrawal's payout as a sentence, with a progress bar while it confirms; for an admin, a payout
 * that does not match its withdrawal stands out in a red box. Nothing before approval.
 */
export function PayoutVerdictText(props: PayoutVerdictProps) {
  const { text } = useUiMessages();
  const view = payoutView(props, text);
  return view ? <VerdictText view={view} className={props.className} /> : null;
}

/** The chain's verdict on a transfer of a plan's money an admin recorded, as a sentence (the funding desk). */
export function FundingVerdictText({ chain, className }: { chain: FundingChainVerdict; className?: string }) {
  const { text } = useUiMessages();
  return <VerdictText view={fundingVerdictView(chain, text)} className={className} />;
}
