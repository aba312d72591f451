// What the chain's verdict on a deposit means, in words people understand (docs/decisions/0080): the investor's
// Deposit screen and the admin's Deposits screen both show it. Pure and zod-free: labels and links come from the
// contract's zod-free networks module, which screens load at first paint.
import type { ChainNetwork, DepositChainVerdict, DepositRefusalReason } from '@cropvest/contracts/chain';
import { CHAIN_NAMES, NETWORK_LABELS, NETWORK_TYPES, type NetworkName } from '@cropvest/contracts/networks';
import type { BadgeTone } from './badge.tsx';
import { formatUsdt, formatUsdtPrecise } from './format.ts';

// ---- networks ----

/** The order networks are offered in: TRC-20 (the spec's deposit network) first. */
export const NETWORK_ORDER: readonly NetworkName[] = NETWORK_TYPES;

/** "TRC-20". */
export const networkLabel = (network: NetworkName): string => NETWORK_LABELS[network] ?? network;
/** "TRON (TRC-20)": the chain and the token standard, as the deposit address is introduced. */
export const networkTitle = (network: NetworkName): string =>
  CHAIN_NAMES[network] ? `${CHAIN_NAMES[network]} (${NETWORK_LABELS[network]})` : network;

export { explorerTxLink } from '@cropvest/contracts/networks';

/** "about 3 minutes" from a network's `finalitySeconds` (never less than a minute). */
export function finalityDuration(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  return `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * How long until a deposit on this network is credited: "Credited about 1 minute after your transfer, once it is
 * final (19 blocks)." A network the platform does not watch is checked by an admin instead.
 */
export function finalityText(
  network: Pick<ChainNetwork, 'monitored' | 'finalitySeconds' | 'confirmations'>,
): string {
  if (!network.monitored)
    return 'Deposits on this network are not verified on chain yet: an admin checks them, typically within 1-24 hours.';
  const blocks = `${network.confirmations} block${network.confirmations === 1 ? '' : 's'}`;
  return `Credited ${finalityDuration(network.finalitySeconds)} after your transfer, once it is final (${blocks}).`;
}

// ---- a deposit's verdict ----

/** What the verdict needs of a deposit (an investor's Deposit or an admin's AdminDeposit). */
export interface ChainVerdictSubject {
  status: 'pending' | 'approved' | 'rejected';
  creditedBy: 'chain' | 'admin' | null;
  amount: string;
  claimedAmount: string;
  chain: DepositChainVerdict;
}

/**
 * The kind of state, for an icon: `working` while the chain looks (a spinner), `waiting` for something outside
 * (a clock), `done` credited or approved, `refused` refused or rejected, `review` an admin decides.
 */
export type ChainVerdictKind = 'working' | 'waiting' | 'done' | 'refused' | 'review' | 'none';

export interface ChainVerdictView {
  /** A few words for a badge: "Confirming 2/3", "Credited", "Refused". */
  badge: string;
  /** The sentence: "Confirming: 2 of 3 blocks", "Refused: <the chain's reason>". */
  text: string;
  tone: Exclude<BadgeTone, 'outline' | 'solid'>;
  kind: ChainVerdictKind;
  /** Blocks so far and needed, while the transfer confirms. */
  progress: { done: number; required: number } | null;
  /** When the chain moved another amount than the one typed: "You entered X; the transaction moved Y, …". */
  amountNote: string | null;
  /** The chain is still at work on it (checking, confirming, not found yet): worth watching for a change. */
  open: boolean;
}

/** Verdicts the chain is still working on; a screen showing one polls until it settles. */
export const OPEN_CHAIN_STATUSES: ReadonlySet<DepositChainVerdict['status']> = new Set([
  'checking',
  'confirming',
  'not_found_yet',
]);

/** True while a pending deposit's verdict can still change without anyone acting. */
export const isVerdictOpen = (deposit: Pick<ChainVerdictSubject, 'status' | 'chain'>): boolean =>
  deposit.status === 'pending' && OPEN_CHAIN_STATUSES.has(deposit.chain.status);

/** "150.50000000" and "150.5" are the same amount: compared as decimal text, never as floats. */
export function sameAmount(a: string, b: string): boolean {
  const norm = (value: string) => {
    const [whole = '', fraction = ''] = value.trim().split('.');
    return `${whole.replace(/^0+(?=\d)/, '')}.${fraction.replace(/0+$/, '')}`;
  };
  return norm(a) === norm(b);
}

function amountNote(deposit: ChainVerdictSubject): string | null {
  const moved = deposit.chain.amount;
  if (!moved || deposit.status === 'rejected' || sameAmount(moved, deposit.claimedAmount)) return null;
  const entered = `You entered ${formatUsdtPrecise(deposit.claimedAmount)}; the transaction moved ${formatUsdtPrecise(moved)}`;
  return deposit.status === 'approved'
    ? `${entered}, which was credited`
    : `${entered}, which is what will be credited`;
}

type Shown = Omit<ChainVerdictView, 'amountNote' | 'open' | 'progress'> &
  Partial<Pick<ChainVerdictView, 'progress'>>;

function shown(deposit: ChainVerdictSubject): Shown {
  const { chain } = deposit;
  if (chain.status === 'refused')
    return {
      badge: 'Refused',
      text: `Refused: ${chain.message ?? 'the transaction does not show this deposit'}`,
      tone: 'red',
      kind: 'refused',
    };
  if (chain.status === 'unchecked')
    return deposit.status === 'pending'
      ? {
          badge: 'Not checked',
          text: 'Claimed before chain verification — an admin will review it',
          tone: 'yellow',
          kind: 'review',
        }
      : { badge: 'Not checked', text: 'Checked before chain verification', tone: 'gray', kind: 'none' };
  if (deposit.status === 'approved')
    return deposit.creditedBy === 'chain'
      ? { badge: 'Credited', text: 'Credited (verified on chain)', tone: 'green', kind: 'done' }
      : { badge: 'Approved', text: 'Approved by an admin', tone: 'green', kind: 'done' };
  if (deposit.status === 'rejected')
    return { badge: 'Rejected', text: 'Rejected by an admin', tone: 'red', kind: 'refused' };
  switch (chain.status) {
    case 'no_txid':
      return {
        badge: 'No transaction id',
        text: 'No transaction id — an admin will review it',
        tone: 'yellow',
        kind: 'review',
      };
    case 'checking':
      return { badge: 'Verifying', text: 'Verifying on chain…', tone: 'blue', kind: 'working' };
    case 'confirming': {
      const { confirmations: done, requiredConfirmations: required } = chain;
      if (done === null || required === null || required <= 0)
        return { badge: 'Confirming', text: 'Confirming on chain…', tone: 'blue', kind: 'working' };
      const shownDone = Math.min(done, required);
      return {
        badge: `Confirming ${shownDone}/${required}`,
        text: `Confirming: ${shownDone} of ${required} block${required === 1 ? '' : 's'}`,
        tone: 'blue',
        kind: 'working',
        progress: { done: shownDone, required },
      };
    }
    case 'not_found_yet':
      return {
        badge: 'Not found yet',
        text: 'Waiting for the transaction to appear',
        tone: 'yellow',
        kind: 'waiting',
      };
    case 'not_found':
      return {
        badge: 'Needs review',
        text: 'Not found on chain — an admin will review it',
        tone: 'yellow',
        kind: 'review',
      };
    case 'verified':
      return {
        badge: 'Verified',
        text: 'Verified on chain — waiting for an admin to approve it',
        tone: 'green',
        kind: 'review',
      };
    default:
      return { badge: 'Pending', text: 'Pending', tone: 'yellow', kind: 'waiting' };
  }
}

/** Everything a screen shows for a deposit's verdict, from its status, who credited it and the chain's verdict. */
export function chainVerdictView(deposit: ChainVerdictSubject): ChainVerdictView {
  const view = shown(deposit);
  return {
    ...view,
    progress: view.progress ?? null,
    amountNote: amountNote(deposit),
    open: isVerdictOpen(deposit),
  };
}

// ---- the verdict alone (what the chain says, whoever decided the deposit) ----

/** Why the chain refuses a transaction, for a verdict that carries no message of its own. */
export const REFUSAL_REASONS: Record<DepositRefusalReason, string> = {
  transaction_failed: 'The transaction failed on chain (it was reverted), so it moved no USDT.',
  wrong_token: 'The transaction moved a token that is not USDT; only USDT is credited.',
  no_usdt_transfer: 'The transaction moved no USDT.',
  wrong_recipient: "The transaction's USDT went to another address, not to the platform's.",
  already_claimed: 'This transaction was already credited to another deposit.',
  below_minimum: 'The transaction moved less than the 1 USDT minimum deposit.',
};

export interface ChainVerdictSummary {
  /** A few words: "Verified", "Confirming", "Refused". */
  label: string;
  tone: Exclude<BadgeTone, 'outline' | 'solid'>;
  /** The sentence, the chain's own message where it has one. */
  text: string;
  /** Only a final verification of real USDT to the platform counts. */
  verified: boolean;
}

/**
 * What the chain says about a deposit's transaction on its own, for a reviewer who sees the deposit's status
 * beside it (the admin's list): the chain's message where it says what is awaited or why it refused.
 */
export function describeChainVerdict(verdict: DepositChainVerdict): ChainVerdictSummary {
  const summary = (label: string, tone: ChainVerdictSummary['tone'], text: string) => ({
    label,
    tone,
    text,
    verified: false,
  });
  switch (verdict.status) {
    case 'verified': {
      const received = verdict.amount ? `: ${formatUsdt(verdict.amount)} received` : '';
      const blocks =
        verdict.confirmations === null
          ? ''
          : `, ${verdict.confirmations} confirmation${verdict.confirmations === 1 ? '' : 's'}`;
      return {
        label: 'Verified',
        tone: 'green',
        text: `Verified on chain${received}${blocks}.`,
        verified: true,
      };
    }
    case 'confirming':
      return summary(
        'Confirming',
        'blue',
        verdict.confirmations === null || verdict.requiredConfirmations === null
          ? 'Confirming on chain.'
          : `Confirming: ${verdict.confirmations} of ${verdict.requiredConfirmations} confirmations.`,
      );
    case 'checking':
      return summary('Checking', 'blue', 'Looking the transaction up on chain.');
    case 'not_found_yet':
      return summary(
        'Not found yet',
        'yellow',
        verdict.message ?? 'Waiting for the transaction to appear on chain.',
      );
    case 'not_found':
      return summary(
        'Not found on chain',
        'yellow',
        verdict.message ?? 'No node knows this transaction; an admin reviews the deposit.',
      );
    case 'refused':
      return summary(
        'Refused',
        'red',
        verdict.message ??
          (verdict.reason ? REFUSAL_REASONS[verdict.reason] : 'The chain refused the transaction.'),
      );
    case 'no_txid':
      return summary(
        'No transaction id',
        'gray',
        'No transaction id was given: an admin checks the deposit.',
      );
    case 'unchecked':
    default:
      return summary('Unchecked', 'gray', 'Decided before deposits were verified on chain.');
  }
}
