// What a claim and a payout share while their transaction is not decided (decision 0081): unknown to every node
// (for a while, then overdue: an admin's turn), or found and confirming.
import { NETWORK_LABELS } from '@cropvest/contracts';
import type { NetworkName } from '@cropvest/contracts/chain/networks';
import type { TransactionLookup } from '../adapters/types.ts';

export interface Progress {
  kind: 'pending';
  status: 'not_found_yet' | 'not_found' | 'confirming';
  confirmations: number | null;
  requiredConfirmations: number | null;
  message: string;
}

/** No node knows the transaction: still waited for, or past the window (`overdue` says what happens then). */
export function notFound(
  network: NetworkName,
  ages: { ageMs: number; windowMs: number },
  overdue: string,
): Progress {
  const late = ages.ageMs >= ages.windowMs;
  return {
    kind: 'pending',
    status: late ? 'not_found' : 'not_found_yet',
    confirmations: null,
    requiredConfirmations: null,
    message: late
      ? `Not found on chain: no ${NETWORK_LABELS[network]} node knows this transaction${overdue}`
      : `Waiting for the transaction to appear on ${NETWORK_LABELS[network]}.`,
  };
}

/** Found, and not final yet: how far it is. */
export const confirming = (
  network: NetworkName,
  lookup: Extract<TransactionLookup, { kind: 'found' }>,
): Progress => ({
  kind: 'pending',
  status: 'confirming',
  confirmations: lookup.confirmations,
  requiredConfirmations: lookup.requiredConfirmations,
  message: `Confirming on ${NETWORK_LABELS[network]}: ${lookup.confirmations} of ${lookup.requiredConfirmations} blocks.`,
});
