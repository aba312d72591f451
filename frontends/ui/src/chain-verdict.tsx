// A deposit's chain verdict on screen (docs/decisions/0080), for the investor's Deposit screen and the admin's
// Deposits screen alike. Two pieces, both given the deposit (an investor's Deposit or an admin's AdminDeposit):
//
//   <ChainVerdictBadge deposit={d} />  a few words with an icon, coloured by state ("Confirming 2/3", "Credited")
//   <ChainVerdictText deposit={d} />   the sentence ("Confirming: 2 of 3 blocks", "Refused: <reason>"), a
//                                      progress bar while confirming, and what was credited when the chain
//                                      moved another amount than the one typed
//
// The words come from chainVerdictView (@cropvest/ui/chain-text, re-exported here), which a screen can call
// itself (to poll while `open`, say). describeChainVerdict says what the chain alone says (no status, no
// creditedBy), for a reviewer who shows the status beside it. Neither piece is a live region: a screen that wants
// changes announced wraps it in one.
import type { ComponentType } from 'react';
import { CircleCheck, CircleMinus, CircleX, Clock, LoaderCircle, UserRoundSearch } from 'lucide-react';
import { Badge } from './badge.tsx';
import { cn } from './cn.ts';
import { ProgressBar } from './progress.tsx';
import { chainVerdictView, type ChainVerdictKind, type ChainVerdictSubject } from './chain-text.ts';

export {
  chainVerdictView,
  describeChainVerdict,
  REFUSAL_REASONS,
  type ChainVerdictSubject,
  type ChainVerdictSummary,
  type ChainVerdictView,
} from './chain-text.ts';

const ICONS: Record<ChainVerdictKind, ComponentType<{ className?: string; 'aria-hidden'?: boolean }>> = {
  working: LoaderCircle,
  waiting: Clock,
  done: CircleCheck,
  refused: CircleX,
  review: UserRoundSearch,
  none: CircleMinus,
};

const TEXT_COLOURS: Record<ChainVerdictKind, string> = {
  working: 'text-blue-800',
  waiting: 'text-amber-900',
  done: 'text-green-800',
  refused: 'text-red-800',
  review: 'text-amber-900',
  none: 'text-slate-700',
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

export interface ChainVerdictProps {
  deposit: ChainVerdictSubject;
  className?: string;
}

/** The verdict in a few words, as a badge with an icon (lists where space is short). */
export function ChainVerdictBadge({ deposit, className }: ChainVerdictProps) {
  const view = chainVerdictView(deposit);
  return (
    <Badge tone={view.tone} className={cn('gap-1 whitespace-nowrap', className)} title={view.text}>
      <VerdictIcon kind={view.kind} />
      {view.badge}
    </Badge>
  );
}

/**
 * The verdict as a sentence, with a progress bar while the transfer confirms and, when the chain moved another
 * amount than the one typed, what was (or will be) credited.
 */
export function ChainVerdictText({ deposit, className }: ChainVerdictProps) {
  const view = chainVerdictView(deposit);
  return (
    <div className={cn('space-y-1 text-xs', className)}>
      <p className={cn('flex items-start gap-1.5 font-medium', TEXT_COLOURS[view.kind])}>
        <VerdictIcon kind={view.kind} className="mt-px" />
        <span className="min-w-0 break-words">{view.text}</span>
      </p>
      {view.progress ? (
        <ProgressBar
          value={(view.progress.done / view.progress.required) * 100}
          label={`Confirmations: ${view.progress.done} of ${view.progress.required} blocks`}
          className="max-w-[12rem]"
        />
      ) : null}
      {view.amountNote ? <p className="text-slate-700">{view.amountNote}</p> : null}
    </div>
  );
}
