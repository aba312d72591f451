// What the chain's verdict on a deposit and on a withdrawal's payout means, in words people understand
// (docs/decisions/0080): the investor's Deposit and Withdraw screens and the admin's Deposits and Withdrawals
// screens show it, and the admin's funding desk the verdict on a plan's recorded transfers (decision 0095). Pure and zod-free: labels and links come from the contract's zod-free networks module, which
// screens load at first paint.
import type {
  ChainNetwork,
  DepositChainVerdict,
  DepositRefusalReason,
  FundingChainVerdict,
  PayoutMismatchReason,
  WithdrawalChainVerdict,
} from '@cropvest/contracts/chain/model';
import {
  CHAIN_NAMES,
  NETWORK_LABELS,
  NETWORK_TYPES,
  type NetworkName,
} from '@cropvest/contracts/chain/networks';
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

export { explorerTxLink } from '@cropvest/contracts/chain/networks';

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

/** Verdicts the chain is still working on (a deposit's or a payout's); a screen showing one polls until it settles. */
export const OPEN_CHAIN_STATUSES: ReadonlySet<
  DepositChainVerdict['status'] | WithdrawalChainVerdict['status']
> = new Set(['checking', 'confirming', 'not_found_yet']);

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

// ---- a withdrawal's payout (docs/decisions/0080, Withdrawals) ----

/** What the payout's verdict needs of a withdrawal (an investor's Withdrawal or an admin's AdminWithdrawal). */
export interface PayoutSubject {
  status: 'pending' | 'approved' | 'rejected';
  txid: string | null;
  chain: WithdrawalChainVerdict;
}

/** Why the chain says a transaction does not pay a withdrawal, for a verdict that carries no message of its own. */
export const PAYOUT_MISMATCH_REASONS: Record<PayoutMismatchReason, string> = {
  transaction_failed: 'The transaction failed on chain (it was reverted), so it paid nothing.',
  wrong_token: 'The transaction moved no USDT.',
  not_from_platform: "The USDT reached the investor, but not from the platform's wallet.",
  wrong_recipient: "The transaction's USDT went to another address, not to the investor's.",
  wrong_amount: 'The transaction paid another amount than the withdrawal.',
  already_used: 'This transaction already pays another withdrawal or deposit.',
};

export interface PayoutVerdictView {
  /** A few words for a badge: "Verified", "Confirming 2/3", "Does not match". */
  badge: string;
  /** The sentence: "Payout verified on chain, 3 confirmations", "Payout does not match: <the chain's reason>". */
  text: string;
  tone: Exclude<BadgeTone, 'outline' | 'solid'>;
  kind: ChainVerdictKind;
  /** Blocks so far and needed, while the transfer confirms. */
  progress: { done: number; required: number } | null;
  /** The transaction does not pay the withdrawal: shown red and prominent (admins only; investors never see it). */
  alarm: boolean;
  /** The chain is still at work on it (checking, confirming, not found yet): worth watching for a change. */
  open: boolean;
}

/** True while an approved withdrawal's payout verdict can still change without anyone acting. */
export const isPayoutOpen = (withdrawal: Pick<PayoutSubject, 'status' | 'chain'>): boolean =>
  withdrawal.status === 'approved' && OPEN_CHAIN_STATUSES.has(withdrawal.chain.status);

/** Payout verdicts after which an admin may give (another) transaction id: the wallet's own rule. */
export const PAYOUT_TXID_OPEN: ReadonlySet<WithdrawalChainVerdict['status']> = new Set([
  'unchecked',
  'no_txid',
  'not_found',
  'mismatch',
]);

/**
 * What an admin can do about an approved withdrawal's transaction id: `add` one it lacks, `correct` one the chain
 * found wrong, never found, or never checked; null while the chain works on it, once it is verified, or before
 * the withdrawal is approved.
 */
export function payoutTxidAction(withdrawal: PayoutSubject): 'add' | 'correct' | null {
  if (withdrawal.status !== 'approved' || !PAYOUT_TXID_OPEN.has(withdrawal.chain.status)) return null;
  return withdrawal.txid ? 'correct' : 'add';
}

type PayoutShown = Omit<PayoutVerdictView, 'open' | 'progress' | 'alarm'> &
  Partial<Pick<PayoutVerdictView, 'progress' | 'alarm'>>;

/** "Confirming: 2 of 3 blocks" with its badge and progress, or without numbers when none are known. */
function confirmingShown(
  chain: Pick<WithdrawalChainVerdict, 'confirmations' | 'requiredConfirmations'>,
  say: (blocks: string | null) => string,
): PayoutShown {
  const { confirmations: done, requiredConfirmations: required } = chain;
  if (done === null || required === null || required <= 0)
    return { badge: 'Confirming', text: say(null), tone: 'blue', kind: 'working' };
  const shownDone = Math.min(done, required);
  return {
    badge: `Confirming ${shownDone}/${required}`,
    text: say(`${shownDone} of ${required} block${required === 1 ? '' : 's'}`),
    tone: 'blue',
    kind: 'working',
    progress: { done: shownDone, required },
  };
}

function adminPayoutShown(chain: WithdrawalChainVerdict): PayoutShown {
  switch (chain.status) {
    case 'verified': {
      const blocks =
        chain.confirmations === null
          ? ''
          : `, ${chain.confirmations} confirmation${chain.confirmations === 1 ? '' : 's'}`;
      return { badge: 'Verified', text: `Payout verified on chain${blocks}`, tone: 'green', kind: 'done' };
    }
    case 'checking':
      return { badge: 'Verifying', text: 'Verifying on chain…', tone: 'blue', kind: 'working' };
    case 'confirming':
      return confirmingShown(chain, (blocks) => (blocks ? `Confirming: ${blocks}` : 'Confirming on chain…'));
    case 'not_found_yet':
      return {
        badge: 'Not found yet',
        text: 'Waiting for the transaction to appear',
        tone: 'yellow',
        kind: 'waiting',
      };
    case 'not_found':
      return {
        badge: 'Not found',
        text: 'Not found on chain — check the transaction id',
        tone: 'yellow',
        kind: 'review',
      };
    case 'mismatch':
      return {
        badge: 'Does not match',
        text: `Payout does not match: ${
          chain.message ??
          (chain.reason
            ? PAYOUT_MISMATCH_REASONS[chain.reason]
            : 'the transaction does not pay this withdrawal.')
        }`,
        tone: 'red',
        kind: 'refused',
        alarm: true,
      };
    case 'no_txid':
      return {
        badge: 'Not verified',
        text: 'Transfer not verified — no transaction id',
        tone: 'yellow',
        kind: 'review',
      };
    case 'unchecked':
    default:
      return {
        badge: 'Not checked',
        text: 'Approved before chain verification',
        tone: 'gray',
        kind: 'none',
      };
  }
}

/**
 * The payout of an approved withdrawal as an admin reads it (Manage Withdrawals): what the chain says of the
 * transaction id, in full, a mismatch with its reason. Null before the withdrawal is approved (nothing was paid).
 */
export function payoutVerdictView(withdrawal: PayoutSubject): PayoutVerdictView | null {
  if (withdrawal.status !== 'approved') return null;
  const view = adminPayoutShown(withdrawal.chain);
  return {
    ...view,
    progress: view.progress ?? null,
    alarm: view.alarm ?? false,
    open: isPayoutOpen(withdrawal),
  };
}

export interface InvestorPayoutView extends PayoutVerdictView {
  /**
   * Whether the investor is shown the transaction id: not while the team checks one the chain could not match to
   * the withdrawal (it may be somebody else's, or a typo).
   */
  showTxid: boolean;
}

function investorPayoutShown(chain: WithdrawalChainVerdict): PayoutShown & { showTxid?: boolean } {
  switch (chain.status) {
    case 'verified':
      return { badge: 'Paid', text: 'Paid — verified on chain', tone: 'green', kind: 'done' };
    case 'checking':
      return { badge: 'Sent', text: 'Sent — being verified on chain', tone: 'blue', kind: 'working' };
    case 'confirming':
      return confirmingShown(chain, (blocks) =>
        blocks ? `Sent — confirming on chain: ${blocks}` : 'Sent — confirming on chain',
      );
    case 'not_found_yet':
      return {
        badge: 'Sent',
        text: 'Sent — waiting for the transfer to appear on chain',
        tone: 'blue',
        kind: 'waiting',
      };
    case 'not_found':
    case 'mismatch':
      return {
        badge: 'Being checked',
        text: 'Being checked by our team',
        tone: 'blue',
        kind: 'review',
        showTxid: false,
      };
    case 'no_txid':
      return {
        badge: 'Approved',
        text: 'Approved — verification on chain to follow',
        tone: 'green',
        kind: 'waiting',
      };
    case 'unchecked':
    default:
      return { badge: 'Approved', text: 'Approved by our team', tone: 'green', kind: 'done' };
  }
}

/**
 * The payout of an approved withdrawal as its investor reads it (Withdraw's history): plain and calm words, never
 * the chain's own message; a payout the chain could not match reads "Being checked by our team". Null before the
 * withdrawal is approved.
 */
export function investorPayoutView(withdrawal: PayoutSubject): InvestorPayoutView | null {
  if (withdrawal.status !== 'approved') return null;
  const { showTxid = true, ...view } = investorPayoutShown(withdrawal.chain);
  return {
    ...view,
    progress: view.progress ?? null,
    alarm: false,
    open: isPayoutOpen(withdrawal),
    showTxid: showTxid && withdrawal.txid !== null,
  };
}

// ---- a transfer of a plan's money an admin recorded (decision 0095, the funding desk) ----

/** Why the chain says a transaction is not the recorded transfer, for a verdict that carries no message of its own. */
export const FUNDING_MISMATCH_REASONS: Record<PayoutMismatchReason, string> = {
  transaction_failed: 'The transaction failed on chain (it was reverted), so it moved nothing.',
  wrong_token: 'The transaction moved no USDT.',
  not_from_platform: "The USDT did not leave the platform's wallet.",
  wrong_recipient: "The USDT did not reach the platform's address.",
  wrong_amount: 'The transaction moved another amount than the one recorded.',
  already_used: 'This transaction already backs another record.',
};

/**
 * What the chain says of a disbursement's, proceeds' or reserve contribution's transaction, as an admin reads it:
 * the same steps as a payout's verdict, worded for a record (a mismatch with its reason, red and prominent); money
 * recorded without a transaction id is "Off chain", with nothing to verify.
 */
export function fundingVerdictView(chain: FundingChainVerdict): PayoutVerdictView {
  const shown = fundingShown(chain);
  return {
    ...shown,
    progress: shown.progress ?? null,
    alarm: shown.alarm ?? false,
    open: OPEN_CHAIN_STATUSES.has(chain.status),
  };
}

function fundingShown(chain: FundingChainVerdict): PayoutShown {
  switch (chain.status) {
    case 'verified': {
      const blocks =
        chain.confirmations === null
          ? ''
          : `, ${chain.confirmations} confirmation${chain.confirmations === 1 ? '' : 's'}`;
      return { badge: 'Verified', text: `Verified on chain${blocks}`, tone: 'green', kind: 'done' };
    }
    case 'mismatch':
      return {
        badge: 'Does not match',
        text: `Does not match the record: ${
          chain.message ??
          (chain.reason ? FUNDING_MISMATCH_REASONS[chain.reason] : 'the transaction is not this transfer.')
        }`,
        tone: 'red',
        kind: 'refused',
        alarm: true,
      };
    case 'no_txid':
      return { badge: 'Off chain', text: 'Off chain: no transaction to verify', tone: 'gray', kind: 'none' };
    default:
      // Checking, confirming, not found (yet): the same steps and words as a payout's.
      return adminPayoutShown(chain);
  }
}
