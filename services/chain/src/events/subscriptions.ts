// Everything the chain service reacts to, in one place: the wallet's networks, deposit claims to verify, and the
// admins' decisions that end a claim.
import { subscribe, type Subscription } from '@cropvest/service-kit';
import { applyNetworksSnapshot } from '../db/networks.ts';
import { closeDecidedClaim, recordClaim } from '../app/claims.ts';
import type { ClaimCheckers } from '../app/claim-checker.ts';

export const subscriptions = (checkers: ClaimCheckers): Subscription[] => [
  subscribe({
    durable: 'chain-wallet-networks-changed',
    type: 'wallet.networks_changed',
    handle: (trx, event) => applyNetworksSnapshot(trx, event.data),
  }),
  subscribe({
    durable: 'chain-deposit-requested',
    type: 'deposit.requested',
    handle: async (trx, event) => {
      await recordClaim(trx, event.data);
      // Checked as soon as it is committed, not at the checker's next tick.
      void trx.executionPromise.then(() => checkers.kick(event.data.network)).catch(() => undefined);
    },
  }),
  subscribe({
    durable: 'chain-deposit-approved',
    type: 'deposit.approved',
    handle: (trx, event) => closeDecidedClaim(trx, event.data.depositId),
  }),
  subscribe({
    durable: 'chain-deposit-rejected',
    type: 'deposit.rejected',
    handle: (trx, event) => closeDecidedClaim(trx, event.data.depositId),
  }),
];
