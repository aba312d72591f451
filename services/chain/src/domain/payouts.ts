// The rules a payout is verified by (docs/decisions/0080): the admin's transaction must move real USDT from a
// platform address to the withdrawal's exact address, exactly its amount, succeed and be final, and no other
// withdrawal or deposit may have used it. Pure, like domain/claims.ts.
import { NETWORK_LABELS, sameAmount, type PayoutMismatchReason } from '@cropvest/contracts';
import type { NetworkName } from '@cropvest/contracts/networks';
import type { TokenTransfer, TransactionLookup } from '../adapters/types.ts';
import { addressKey } from './addresses.ts';
import { unitsToMoney } from './amounts.ts';
import { confirming, notFound, type Progress } from './progress.ts';

export interface PayoutContext {
  network: NetworkName;
  usdtContract: string;
  decimals: number;
  platformAddresses: ReadonlySet<string>;
  /** The investor's address the withdrawal names, and its amount (8 decimals). */
  toAddress: string;
  amount: string;
  /** Log indexes of this transaction already matched to something else. */
  claimedLogIndexes: ReadonlySet<number>;
  checkAgeMs: number;
  notFoundWindowMs: number;
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

export function judgePayout(lookup: TransactionLookup, context: PayoutContext): PayoutVerdict {
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
  const toInvestor = usdt.filter((transfer) => key(transfer.to) === key(context.toAddress));
  const paid = toInvestor.filter((transfer) => context.platformAddresses.has(key(transfer.from)));
  if (usdt.length === 0)
    return mismatch(
      'wrong_token',
      `The transaction moved no USDT (contract ${context.usdtContract}); it is not this payout.`,
    );
  if (paid.length === 0)
    return toInvestor.length > 0
      ? mismatch('not_from_platform', 'The USDT reached the investor, but not from a platform address.')
      : mismatch(
          'wrong_recipient',
          `The transaction's USDT went to another address, not to ${context.toAddress}.`,
        );
  if (paid.some((transfer) => context.claimedLogIndexes.has(transfer.logIndex)))
    return mismatch('already_used', 'This transaction already pays another withdrawal or deposit.');
  const moved = unitsToMoney(
    paid.reduce((sum, transfer) => sum + transfer.rawAmount, 0n),
    context.decimals,
  );
  if (!sameAmount(moved, context.amount))
    return mismatch(
      'wrong_amount',
      `The transaction paid ${moved.replace(/\.?0+$/, '')} USDT; the withdrawal is ${context.amount.replace(/\.?0+$/, '')} USDT.`,
    );
  if (!lookup.final) return confirming(context.network, lookup);
  return {
    kind: 'verified',
    logs: paid,
    confirmations: lookup.confirmations,
    requiredConfirmations: lookup.requiredConfirmations,
  };
}
