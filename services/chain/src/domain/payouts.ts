// The rules a payout is verified by (docs/decisions/0080): the admin's transaction must move real USDT from a
// platform address to the withdrawal's exact address, exactly its amount, succeed and be final, and no other
// withdrawal or deposit may have used it; and the same rules for the platform's own money moving (a disbursement
// to a plan's operator, proceeds or a reserve contribution arriving: decision 0095). Pure, like domain/claims.ts.
import {
  NETWORK_LABELS,
  sameAmount,
  type FundingTransferKind,
  type PayoutMismatchReason,
} from '@cropvest/contracts';
import type { NetworkName } from '@cropvest/contracts/chain/networks';
import type { TokenTransfer, TransactionLookup } from '../adapters/types.ts';
import { addressKey } from './addresses.ts';
import { unitsToMoney } from './amounts.ts';
import { confirming, notFound, type Progress } from './progress.ts';

/** What any transfer the platform sends or receives is checked against, whatever record names it. */
export interface TransferContext {
  network: NetworkName;
  usdtContract: string;
  decimals: number;
  platformAddresses: ReadonlySet<string>;
  /** The amount the record names (8 decimals). */
  amount: string;
  /** Log indexes of this transaction already matched to something else. */
  claimedLogIndexes: ReadonlySet<number>;
  checkAgeMs: number;
  notFoundWindowMs: number;
}

export interface PayoutContext extends TransferContext {
  /** The investor's address the withdrawal names. */
  toAddress: string;
}

export type PayoutVerdict =
  | Progress
  | { kind: 'mismatch'; reason: PayoutMismatchReason; message: string }
  | { kind: 'verified'; logs: TokenTransfer[]; confirmations: number; requiredConfirmations: number };

const mismatch = (reason: PayoutMismatchReason, message: string): PayoutVerdict => ({
  kind: 'mismatch',
  reason,
  message,
});

/** How one kind of record reads a transaction: its USDT transfers that make it, else why none does. */
interface TransferRules {
  /** The record in messages: "payout" ("it is not this payout"), and whose amount it is ("the withdrawal"). */
  noun: string;
  amountOf: string;
  select: (usdt: TokenTransfer[], key: (address: string) => string) => TokenTransfer[] | PayoutVerdict;
}

/**
 * The rules every transfer the platform sends or receives is verified by: the transaction succeeded, moved real USDT
 * (the network's contract, not a look-alike), the transfers the record's rules select moved exactly its amount,
 * nothing else used them, and it is final.
 */
function judgeTransfer(
  lookup: TransactionLookup,
  context: TransferContext,
  rules: TransferRules,
): PayoutVerdict {
  const label = NETWORK_LABELS[context.network];
  if (lookup.kind === 'not_found')
    return notFound(
      context.network,
      { ageMs: context.checkAgeMs, windowMs: context.notFoundWindowMs },
      '. Check the transaction id.',
    );
  if (!lookup.success)
    return mismatch('transaction_failed', `The transaction failed on ${label}: it paid nothing.`);

  const key = (address: string) => addressKey(context.network, address);
  const usdt = lookup.transfers.filter((transfer) => key(transfer.contract) === key(context.usdtContract));
  if (usdt.length === 0)
    return mismatch(
      'wrong_token',
      `The transaction moved no USDT (contract ${context.usdtContract}); it is not this ${rules.noun}.`,
    );
  const paid = rules.select(usdt, key);
  if (!Array.isArray(paid)) return paid;
  if (paid.some((transfer) => context.claimedLogIndexes.has(transfer.logIndex)))
    return mismatch('already_used', 'This transaction already pays another withdrawal or deposit.');
  const moved = unitsToMoney(
    paid.reduce((sum, transfer) => sum + transfer.rawAmount, 0n),
    context.decimals,
  );
  if (!sameAmount(moved, context.amount))
    return mismatch(
      'wrong_amount',
      `The transaction paid ${moved.replace(/\.?0+$/, '')} USDT; ${rules.amountOf} is ${context.amount.replace(/\.?0+$/, '')} USDT.`,
    );
  if (!lookup.final) return confirming(context.network, lookup);
  return {
    kind: 'verified',
    logs: paid,
    confirmations: lookup.confirmations,
    requiredConfirmations: lookup.requiredConfirmations,
  };
}

/** A withdrawal's payout: from a platform address to the investor's exact address. */
export const judgePayout = (lookup: TransactionLookup, context: PayoutContext): PayoutVerdict =>
  judgeTransfer(lookup, context, {
    noun: 'payout',
    amountOf: 'the withdrawal',
    select: (usdt, key) => {
      const toInvestor = usdt.filter((transfer) => key(transfer.to) === key(context.toAddress));
      const paid = toInvestor.filter((transfer) => context.platformAddresses.has(key(transfer.from)));
      if (paid.length > 0) return paid;
      return toInvestor.length > 0
        ? mismatch('not_from_platform', 'The USDT reached the investor, but not from a platform address.')
        : mismatch(
            'wrong_recipient',
            `The transaction's USDT went to another address, not to ${context.toAddress}.`,
          );
    },
  });

const FUNDING_NOUNS: Record<FundingTransferKind, string> = {
  disbursement: 'disbursement',
  proceeds: 'proceeds receipt',
  reserve_contribution: 'reserve contribution',
};

/**
 * A record of platform money (decision 0095): a disbursement leaves a platform address for someone outside the
 * platform (the operator); proceeds and reserve contributions arrive at a platform address from anywhere.
 */
export const judgeFundingTransfer = (
  lookup: TransactionLookup,
  context: TransferContext & { kind: FundingTransferKind },
): PayoutVerdict =>
  judgeTransfer(lookup, context, {
    noun: FUNDING_NOUNS[context.kind],
    amountOf: `the ${FUNDING_NOUNS[context.kind]}`,
    select: (usdt, key) => {
      const ours = (address: string) => context.platformAddresses.has(key(address));
      if (context.kind === 'disbursement') {
        const sent = usdt.filter((transfer) => ours(transfer.from) && !ours(transfer.to));
        return sent.length > 0
          ? sent
          : mismatch('not_from_platform', "The transaction's USDT did not leave a platform address.");
      }
      const received = usdt.filter((transfer) => ours(transfer.to));
      return received.length > 0
        ? received
        : mismatch(
            'wrong_recipient',
            "The transaction's USDT went to another address, not to a platform address.",
          );
    },
  });
