// The rules a deposit claim is judged by (docs/decisions/0080): what a transaction must show before the platform
// credits it, and the reason it gives when it does not. Pure: the lookup and what the service knows come in,
// the verdict goes out.
import {
  compareAmounts,
  MIN_TRANSFER_AMOUNT,
  NETWORK_LABELS,
  type DepositRefusalReason,
} from '@cropvest/contracts';
import type { NetworkName } from '@cropvest/contracts/chain/networks';
import type { TokenTransfer, TransactionLookup } from '../adapters/types.ts';
import { addressKey } from './addresses.ts';
import { confirming, notFound, type Progress } from './progress.ts';
import { unitsToMoney } from './amounts.ts';

export interface ClaimContext {
  network: NetworkName;
  usdtContract: string;
  decimals: number;
  /** `addressKey`s of every address the platform has on this network. */
  platformAddresses: ReadonlySet<string>;
  /** Log indexes of this transaction already credited or matched to something else. */
  claimedLogIndexes: ReadonlySet<number>;
  /** How long ago the investor claimed it, and how long a transaction may stay unknown before an admin looks. */
  claimAgeMs: number;
  notFoundWindowMs: number;
}

export type ClaimVerdict =
  | Progress
  | { kind: 'refused'; reason: DepositRefusalReason; message: string }
  | {
      kind: 'verified';
      /** Credited: the sum of `logs`, truncated to 8 decimals. */
      amount: string;
      rawAmount: bigint;
      logs: TokenTransfer[];
      confirmations: number;
      requiredConfirmations: number;
    };

const refused = (reason: DepositRefusalReason, message: string): ClaimVerdict => ({
  kind: 'refused',
  reason,
  message,
});

export function judgeClaim(lookup: TransactionLookup, context: ClaimContext): ClaimVerdict {
  const label = NETWORK_LABELS[context.network];
  if (lookup.kind === 'not_found')
    return notFound(
      context.network,
      { ageMs: context.claimAgeMs, windowMs: context.notFoundWindowMs },
      ` after ${Math.round(context.notFoundWindowMs / 60_000)} minutes. An admin will review the deposit.`,
    );
  // A failed transaction's logs were rolled back with it: it moved nothing, whatever it shows.
  if (!lookup.success)
    return refused(
      'transaction_failed',
      `The transaction failed on ${label} (it was reverted), so it moved no USDT.`,
    );

  const isUsdt = (transfer: TokenTransfer) =>
    addressKey(context.network, transfer.contract) === addressKey(context.network, context.usdtContract);
  const toPlatform = (transfer: TokenTransfer) =>
    context.platformAddresses.has(addressKey(context.network, transfer.to));
  const paid = lookup.transfers.filter((transfer) => isUsdt(transfer) && toPlatform(transfer));
  if (paid.length === 0) {
    const otherToken = lookup.transfers.find((transfer) => !isUsdt(transfer) && toPlatform(transfer));
    if (otherToken)
      return refused(
        'wrong_token',
        `The transaction moved a token that is not USDT (contract ${otherToken.contract}); only USDT (contract ${context.usdtContract}) is credited.`,
      );
    if (lookup.transfers.some(isUsdt))
      return refused(
        'wrong_recipient',
        `The transaction's USDT went to another address, not to the platform's ${label} address.`,
      );
    return refused('no_usdt_transfer', 'The transaction moved no USDT.');
  }
  if (paid.some((transfer) => context.claimedLogIndexes.has(transfer.logIndex)))
    return refused('already_claimed', 'This transaction was already credited to another deposit.');

  const rawAmount = paid.reduce((sum, transfer) => sum + transfer.rawAmount, 0n);
  const amount = unitsToMoney(rawAmount, context.decimals);
  if (compareAmounts(amount, MIN_TRANSFER_AMOUNT) < 0)
    return refused(
      'below_minimum',
      `The transaction moved ${amount.replace(/\.?0+$/, '')} USDT, below the ${MIN_TRANSFER_AMOUNT} USDT minimum deposit.`,
    );
  if (!lookup.final) return confirming(context.network, lookup);
  return {
    kind: 'verified',
    amount,
    rawAmount,
    logs: paid,
    confirmations: lookup.confirmations,
    requiredConfirmations: lookup.requiredConfirmations,
  };
}

/**
 * When a claim is looked at again: soon while it confirms, then less often the longer it stays unknown (a
 * transaction never sent would otherwise be asked for every few seconds for ever), at most every 10 minutes.
 */
export function nextCheckDelayMs(
  status: 'not_found_yet' | 'not_found' | 'confirming' | 'checking',
  attempts: number,
  recheckMs: number,
): number {
  if (status === 'confirming' || status === 'checking') return recheckMs;
  return Math.min(recheckMs * 1.5 ** Math.min(attempts, 30), 10 * 60_000);
}
