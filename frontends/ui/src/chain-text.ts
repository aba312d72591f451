// What the chain's verdict on a deposit and on a withdrawal's payout means, in words people understand
// (docs/decisions/0080): the investor's Deposit and Withdraw screens and the admin's Deposits and Withdrawals
// screens show it, and the admin's funding desk the verdict on a plan's recorded transfers (decision 0095). Pure and zod-free: labels and links come from the contract's zod-free networks module, which
// screens load at first paint. The words are the design system's messages (ui.chain.*): each function takes the
// `text` of useUiMessages and says them in English when called without it.
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
import type { BadgeTone } from '@cropvest/ui/badge';
import { formatUsdt, formatUsdtPrecise } from '@cropvest/ui/format';
import { englishUiText, type UiMessageId, type UiText } from '@cropvest/ui/messages/catalogue';

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
export function finalityDuration(seconds: number, text: UiText = englishUiText): string {
  return text('ui.chain.finality.duration', { minutes: Math.max(1, Math.round(seconds / 60)) });
}

/**
 * How long until a deposit on this network is credited: "Credited about 1 minute after your transfer, once it is
 * final (19 blocks)." A network the platform does not watch is checked by an admin instead.
 */
export function finalityText(
  network: Pick<ChainNetwork, 'monitored' | 'finalitySeconds' | 'confirmations'>,
  text: UiText = englishUiText,
): string {
  if (!network.monitored) return text('ui.chain.finality.unmonitored');
  return text('ui.chain.finality.credited', {
    duration: finalityDuration(network.finalitySeconds, text),
    blocks: network.confirmations,
  });
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

function amountNote(deposit: ChainVerdictSubject, text: UiText): string | null {
  const moved = deposit.chain.amount;
  if (!moved || deposit.status === 'rejected' || sameAmount(moved, deposit.claimedAmount)) return null;
  const amounts = { entered: formatUsdtPrecise(deposit.claimedAmount), moved: formatUsdtPrecise(moved) };
  return text(
    deposit.status === 'approved' ? 'ui.chain.amount.credited' : 'ui.chain.amount.toCredit',
    amounts,
  );
}

type Shown = Omit<ChainVerdictView, 'amountNote' | 'open' | 'progress'> &
  Partial<Pick<ChainVerdictView, 'progress'>>;

function shown(deposit: ChainVerdictSubject, text: UiText): Shown {
  const { chain } = deposit;
  if (chain.status === 'refused')
    return {
      badge: text('ui.chain.badge.refused'),
      text: text('ui.chain.deposit.refused', { reason: chain.message ?? text('ui.chain.deposit.notShown') }),
      tone: 'red',
      kind: 'refused',
    };
  if (chain.status === 'unchecked')
    return deposit.status === 'pending'
      ? {
          badge: text('ui.chain.badge.notChecked'),
          text: text('ui.chain.deposit.claimedBefore'),
          tone: 'yellow',
          kind: 'review',
        }
      : {
          badge: text('ui.chain.badge.notChecked'),
          text: text('ui.chain.deposit.checkedBefore'),
          tone: 'gray',
          kind: 'none',
        };
  if (deposit.status === 'approved')
    return deposit.creditedBy === 'chain'
      ? {
          badge: text('ui.chain.badge.credited'),
          text: text('ui.chain.deposit.credited'),
          tone: 'green',
          kind: 'done',
        }
      : {
          badge: text('ui.chain.badge.approved'),
          text: text('ui.chain.deposit.approved'),
          tone: 'green',
          kind: 'done',
        };
  if (deposit.status === 'rejected')
    return {
      badge: text('ui.chain.badge.rejected'),
      text: text('ui.chain.deposit.rejected'),
      tone: 'red',
      kind: 'refused',
    };
  const atWork = chainAtWork(chain, text);
  if (atWork) return atWork;
  switch (chain.status) {
    case 'no_txid':
      return {
        badge: text('ui.chain.badge.noTxid'),
        text: text('ui.chain.deposit.noTxid'),
        tone: 'yellow',
        kind: 'review',
      };
    case 'not_found':
      return {
        badge: text('ui.chain.badge.needsReview'),
        text: text('ui.chain.deposit.notFound'),
        tone: 'yellow',
        kind: 'review',
      };
    case 'verified':
      return {
        badge: text('ui.chain.badge.verified'),
        text: text('ui.chain.deposit.verified'),
        tone: 'green',
        kind: 'review',
      };
    default:
      return {
        badge: text('ui.chain.badge.pending'),
        text: text('ui.chain.badge.pending'),
        tone: 'yellow',
        kind: 'waiting',
      };
  }
}

/** Everything a screen shows for a deposit's verdict, from its status, who credited it and the chain's verdict. */
export function chainVerdictView(
  deposit: ChainVerdictSubject,
  text: UiText = englishUiText,
): ChainVerdictView {
  const view = shown(deposit, text);
  return {
    ...view,
    progress: view.progress ?? null,
    amountNote: amountNote(deposit, text),
    open: isVerdictOpen(deposit),
  };
}

// ---- the verdict alone (what the chain says, whoever decided the deposit) ----

/** A map of reasons to their messages, in English for a caller outside a component. */
const inEnglish = <K extends string>(ids: Record<K, UiMessageId>): Record<K, string> =>
  Object.fromEntries(
    Object.entries(ids).map(([key, id]) => [key, englishUiText(id as UiMessageId)]),
  ) as Record<K, string>;

/** Why the chain refuses a transaction, for a verdict that carries no message of its own. */
const REFUSAL_REASON_IDS: Record<DepositRefusalReason, UiMessageId> = {
  transaction_failed: 'ui.chain.refusal.transactionFailed',
  wrong_token: 'ui.chain.refusal.wrongToken',
  no_usdt_transfer: 'ui.chain.refusal.noUsdtTransfer',
  wrong_recipient: 'ui.chain.refusal.wrongRecipient',
  already_claimed: 'ui.chain.refusal.alreadyClaimed',
  below_minimum: 'ui.chain.refusal.belowMinimum',
};
export const REFUSAL_REASONS: Record<DepositRefusalReason, string> = inEnglish(REFUSAL_REASON_IDS);

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
export function describeChainVerdict(
  verdict: DepositChainVerdict,
  text: UiText = englishUiText,
): ChainVerdictSummary {
  const summary = (label: string, tone: ChainVerdictSummary['tone'], text: string) => ({
    label,
    tone,
    text,
    verified: false,
  });
  switch (verdict.status) {
    case 'verified': {
      const amount = verdict.amount ? formatUsdt(verdict.amount) : null;
      const count = verdict.confirmations;
      return {
        label: text('ui.chain.badge.verified'),
        tone: 'green',
        text:
          amount === null
            ? count === null
              ? text('ui.chain.summary.verified')
              : text('ui.chain.summary.verifiedBlocks', { count })
            : count === null
              ? text('ui.chain.summary.verifiedReceived', { amount })
              : text('ui.chain.summary.verifiedReceivedBlocks', { amount, count }),
        verified: true,
      };
    }
    case 'confirming':
      return summary(
        text('ui.chain.badge.confirming'),
        'blue',
        verdict.confirmations === null || verdict.requiredConfirmations === null
          ? text('ui.chain.summary.confirming')
          : text('ui.chain.summary.confirmingOf', {
              done: verdict.confirmations,
              required: verdict.requiredConfirmations,
            }),
      );
    case 'checking':
      return summary(text('ui.chain.summary.checkingLabel'), 'blue', text('ui.chain.summary.checking'));
    case 'not_found_yet':
      return summary(
        text('ui.chain.badge.notFoundYet'),
        'yellow',
        verdict.message ?? text('ui.chain.summary.notFoundYet'),
      );
    case 'not_found':
      return summary(
        text('ui.chain.summary.notFoundLabel'),
        'yellow',
        verdict.message ?? text('ui.chain.summary.notFound'),
      );
    case 'refused':
      return summary(
        text('ui.chain.badge.refused'),
        'red',
        verdict.message ??
          text(verdict.reason ? REFUSAL_REASON_IDS[verdict.reason] : 'ui.chain.summary.refused'),
      );
    case 'no_txid':
      return summary(text('ui.chain.badge.noTxid'), 'gray', text('ui.chain.summary.noTxid'));
    case 'unchecked':
    default:
      return summary(text('ui.chain.summary.uncheckedLabel'), 'gray', text('ui.chain.summary.unchecked'));
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
const PAYOUT_MISMATCH_IDS: Record<PayoutMismatchReason, UiMessageId> = {
  transaction_failed: 'ui.chain.payoutMismatch.transactionFailed',
  wrong_token: 'ui.chain.refusal.noUsdtTransfer',
  not_from_platform: 'ui.chain.payoutMismatch.notFromPlatform',
  wrong_recipient: 'ui.chain.payoutMismatch.wrongRecipient',
  wrong_amount: 'ui.chain.payoutMismatch.wrongAmount',
  already_used: 'ui.chain.payoutMismatch.alreadyUsed',
};
export const PAYOUT_MISMATCH_REASONS: Record<PayoutMismatchReason, string> = inEnglish(PAYOUT_MISMATCH_IDS);

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
  text: UiText,
  withBlocks: UiMessageId,
  withoutBlocks: UiMessageId,
): PayoutShown {
  const { confirmations: done, requiredConfirmations: required } = chain;
  if (done === null || required === null || required <= 0)
    return {
      badge: text('ui.chain.badge.confirming'),
      text: text(withoutBlocks),
      tone: 'blue',
      kind: 'working',
    };
  const shownDone = Math.min(done, required);
  return {
    badge: text('ui.chain.badge.confirmingOf', { done: shownDone, required }),
    text: text(withBlocks, { done: shownDone, required }),
    tone: 'blue',
    kind: 'working',
    progress: { done: shownDone, required },
  };
}

/** "Verified on chain, 3 confirmations", or without the count when none is known. */
const verifiedOnChain = (
  confirmations: number | null,
  text: UiText,
  withCount: UiMessageId,
  withoutCount: UiMessageId,
): string => (confirmations === null ? text(withoutCount) : text(withCount, { count: confirmations }));

/** The chain at work on a transaction, a deposit's or a payout's alike: looking it up, confirming, not found yet. */
function chainAtWork(
  chain: Pick<WithdrawalChainVerdict, 'confirmations' | 'requiredConfirmations'> & { status: string },
  text: UiText,
): PayoutShown | null {
  switch (chain.status) {
    case 'checking':
      return {
        badge: text('ui.chain.badge.verifying'),
        text: text('ui.chain.verifying'),
        tone: 'blue',
        kind: 'working',
      };
    case 'confirming':
      return confirmingShown(chain, text, 'ui.chain.confirming.blocks', 'ui.chain.confirming.onChain');
    case 'not_found_yet':
      return {
        badge: text('ui.chain.badge.notFoundYet'),
        text: text('ui.chain.waitingToAppear'),
        tone: 'yellow',
        kind: 'waiting',
      };
    default:
      return null;
  }
}

function adminPayoutShown(chain: WithdrawalChainVerdict, text: UiText): PayoutShown {
  const atWork = chainAtWork(chain, text);
  if (atWork) return atWork;
  switch (chain.status) {
    case 'verified':
      return {
        badge: text('ui.chain.badge.verified'),
        text: verifiedOnChain(
          chain.confirmations,
          text,
          'ui.chain.payout.verifiedBlocks',
          'ui.chain.payout.verified',
        ),
        tone: 'green',
        kind: 'done',
      };
    case 'not_found':
      return {
        badge: text('ui.chain.badge.notFound'),
        text: text('ui.chain.payout.notFound'),
        tone: 'yellow',
        kind: 'review',
      };
    case 'mismatch':
      return {
        badge: text('ui.chain.badge.doesNotMatch'),
        text: text('ui.chain.payout.mismatch', {
          reason:
            chain.message ??
            text(chain.reason ? PAYOUT_MISMATCH_IDS[chain.reason] : 'ui.chain.payout.mismatchUnknown'),
        }),
        tone: 'red',
        kind: 'refused',
        alarm: true,
      };
    case 'no_txid':
      return {
        badge: text('ui.chain.badge.notVerified'),
        text: text('ui.chain.payout.noTxid'),
        tone: 'yellow',
        kind: 'review',
      };
    case 'unchecked':
    default:
      return {
        badge: text('ui.chain.badge.notChecked'),
        text: text('ui.chain.payout.unchecked'),
        tone: 'gray',
        kind: 'none',
      };
  }
}

/**
 * The payout of an approved withdrawal as an admin reads it (Manage Withdrawals): what the chain says of the
 * transaction id, in full, a mismatch with its reason. Null before the withdrawal is approved (nothing was paid).
 */
export function payoutVerdictView(
  withdrawal: PayoutSubject,
  text: UiText = englishUiText,
): PayoutVerdictView | null {
  if (withdrawal.status !== 'approved') return null;
  const view = adminPayoutShown(withdrawal.chain, text);
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

function investorPayoutShown(
  chain: WithdrawalChainVerdict,
  text: UiText,
): PayoutShown & { showTxid?: boolean } {
  switch (chain.status) {
    case 'verified':
      return {
        badge: text('ui.chain.badge.paid'),
        text: text('ui.chain.investor.paid'),
        tone: 'green',
        kind: 'done',
      };
    case 'checking':
      return {
        badge: text('ui.chain.badge.sent'),
        text: text('ui.chain.investor.verifying'),
        tone: 'blue',
        kind: 'working',
      };
    case 'confirming':
      return confirmingShown(
        chain,
        text,
        'ui.chain.investor.confirmingBlocks',
        'ui.chain.investor.confirming',
      );
    case 'not_found_yet':
      return {
        badge: text('ui.chain.badge.sent'),
        text: text('ui.chain.investor.waiting'),
        tone: 'blue',
        kind: 'waiting',
      };
    case 'not_found':
    case 'mismatch':
      return {
        badge: text('ui.chain.badge.beingChecked'),
        text: text('ui.chain.investor.beingChecked'),
        tone: 'blue',
        kind: 'review',
        showTxid: false,
      };
    case 'no_txid':
      return {
        badge: text('ui.chain.badge.approved'),
        text: text('ui.chain.investor.toFollow'),
        tone: 'green',
        kind: 'waiting',
      };
    case 'unchecked':
    default:
      return {
        badge: text('ui.chain.badge.approved'),
        text: text('ui.chain.investor.approved'),
        tone: 'green',
        kind: 'done',
      };
  }
}

/**
 * The payout of an approved withdrawal as its investor reads it (Withdraw's history): plain and calm words, never
 * the chain's own message; a payout the chain could not match reads "Being checked by our team". Null before the
 * withdrawal is approved.
 */
export function investorPayoutView(
  withdrawal: PayoutSubject,
  text: UiText = englishUiText,
): InvestorPayoutView | null {
  if (withdrawal.status !== 'approved') return null;
  const { showTxid = true, ...view } = investorPayoutShown(withdrawal.chain, text);
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
const FUNDING_MISMATCH_IDS: Record<PayoutMismatchReason, UiMessageId> = {
  transaction_failed: 'ui.chain.fundingMismatch.transactionFailed',
  wrong_token: 'ui.chain.refusal.noUsdtTransfer',
  not_from_platform: 'ui.chain.fundingMismatch.notFromPlatform',
  wrong_recipient: 'ui.chain.fundingMismatch.wrongRecipient',
  wrong_amount: 'ui.chain.fundingMismatch.wrongAmount',
  already_used: 'ui.chain.fundingMismatch.alreadyUsed',
};
export const FUNDING_MISMATCH_REASONS: Record<PayoutMismatchReason, string> = inEnglish(FUNDING_MISMATCH_IDS);

/**
 * What the chain says of a disbursement's, proceeds' or reserve contribution's transaction, as an admin reads it:
 * the same steps as a payout's verdict, worded for a record (a mismatch with its reason, red and prominent); money
 * recorded without a transaction id is "Off chain", with nothing to verify.
 */
export function fundingVerdictView(
  chain: FundingChainVerdict,
  text: UiText = englishUiText,
): PayoutVerdictView {
  const shown = fundingShown(chain, text);
  return {
    ...shown,
    progress: shown.progress ?? null,
    alarm: shown.alarm ?? false,
    open: OPEN_CHAIN_STATUSES.has(chain.status),
  };
}

function fundingShown(chain: FundingChainVerdict, text: UiText): PayoutShown {
  switch (chain.status) {
    case 'verified':
      return {
        badge: text('ui.chain.badge.verified'),
        text: verifiedOnChain(
          chain.confirmations,
          text,
          'ui.chain.funding.verifiedBlocks',
          'ui.chain.funding.verified',
        ),
        tone: 'green',
        kind: 'done',
      };
    case 'mismatch':
      return {
        badge: text('ui.chain.badge.doesNotMatch'),
        text: text('ui.chain.funding.mismatch', {
          reason:
            chain.message ??
            text(chain.reason ? FUNDING_MISMATCH_IDS[chain.reason] : 'ui.chain.funding.mismatchUnknown'),
        }),
        tone: 'red',
        kind: 'refused',
        alarm: true,
      };
    case 'no_txid':
      return {
        badge: text('ui.chain.badge.offChain'),
        text: text('ui.chain.funding.offChain'),
        tone: 'gray',
        kind: 'none',
      };
    default:
      // Checking, confirming, not found (yet): the same steps and words as a payout's.
      return adminPayoutShown(chain, text);
  }
}
