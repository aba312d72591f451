// Everything the chain service reacts to, in one place: the wallet's networks, deposit claims to verify, the
// admins' decisions that end a claim, payouts and the platform's own transfers to verify, and what assigning unmatched transfers needs.
import type { NetworkName } from '@cropvest/contracts/chain/networks';
import { subscribe, userDirectorySubscriptions, type Subscription } from '@cropvest/service-kit/bus';
import { type Knex } from '@cropvest/service-kit/db';
import { applyNetworksSnapshot } from '../db/networks.ts';
import { recordSecondApprovalThreshold } from '../db/settings.ts';
import { closeDecidedClaim, recordClaim } from '../app/claims.ts';
import { recordPayout } from '../app/payouts.ts';
import { recordFundingTransfer } from '../app/funding-transfers.ts';
import type { Checkers } from '../app/checkers.ts';

export const subscriptions = (checkers: Checkers): Subscription[] => [
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
      kickOnCommit(trx, checkers, event.data.network);
    },
  }),
  subscribe({
    durable: 'chain-deposit-approved',
    type: 'deposit.approved',
    handle: (trx, event) => closeDecidedClaim(trx, event.data.depositId, 'approved'),
  }),
  subscribe({
    durable: 'chain-deposit-rejected',
    type: 'deposit.rejected',
    handle: (trx, event) => closeDecidedClaim(trx, event.data.depositId, 'rejected'),
  }),
  subscribe({
    durable: 'chain-withdrawal-approved',
    type: 'withdrawal.approved',
    handle: async (trx, event) => {
      const { txid } = event.data;
      // Approved without the payout's transaction id: unverified until an admin gives one.
      if (!txid) return;
      await recordPayout(trx, { ...event.data, txid });
      kickOnCommit(trx, checkers, 'TRC20');
    },
  }),
  subscribe({
    durable: 'chain-withdrawal-transfer-recorded',
    type: 'withdrawal.transfer_recorded',
    handle: async (trx, event) => {
      await recordPayout(trx, event.data);
      kickOnCommit(trx, checkers, 'TRC20');
    },
  }),
  // The platform's own money moving: disbursements, proceeds and reserve contributions naming a transfer (decision 0095).
  subscribe({
    durable: 'chain-plan-funding-transfer-recorded',
    type: 'plan.funding_transfer_recorded',
    handle: async (trx, event) => {
      await recordFundingTransfer(trx, event.data);
      kickOnCommit(trx, checkers, event.data.network);
    },
  }),
  // Unmatched transfers (docs/decisions/0084): the investors they are assigned to, and when two admins must agree.
  ...userDirectorySubscriptions('chain'),
  subscribe({
    durable: 'chain-settings-updated',
    type: 'settings.updated',
    handle: async (trx, event) => {
      if (event.data.section === 'security')
        await recordSecondApprovalThreshold(trx, event.data.settings.secondApprovalThreshold);
    },
  }),
];

/** Looks at what was just recorded as soon as it is committed, not at the checker's next tick. */
function kickOnCommit(trx: Knex.Transaction, checkers: Checkers, network: NetworkName): void {
  void trx.executionPromise.then(() => checkers.kick(network)).catch(() => undefined);
}
