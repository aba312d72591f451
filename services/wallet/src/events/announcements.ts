// What the wallet announces about its own state, written in the caller's transaction: the snapshot of its networks
// the chain service keeps (`wallet.networks_changed`, decision 0080), sent with every change of Wallet Settings or
// Payment Methods so the chain never misses one, and the deposits the chain is asked to check. Use cases in app/
// and the data migration that introduced them (db/migrations/008) both send these, so they sit below both.
import { NETWORK_TYPES } from '@cropvest/contracts/chain/networks';
import { type ServiceEvents } from '@cropvest/service-kit/bus';
import { type Knex } from '@cropvest/service-kit/db';
import { readNetworkState } from '../db/payment-methods.ts';
import { depositsAwaitingChain, type DepositRow } from '../db/transfer-requests.ts';

export async function announceNetworks(events: ServiceEvents, trx: Knex.Transaction): Promise<void> {
  const { methods, wallets, history, version } = await readNetworkState(trx);
  const networks = NETWORK_TYPES.map((network) => {
    const wallet = wallets.find((row) => row.network_type === network);
    const method = methods.find((row) => row.network === network);
    // Every address the network ever had: the platform holds them all, deposits to them count.
    const addresses = new Set(history.filter((row) => row.network === network).map((row) => row.address));
    if (wallet) addresses.add(wallet.usdt_wallet_address);
    return {
      network,
      activeAddress: wallet?.is_active ? wallet.usdt_wallet_address : null,
      addresses: [...addresses],
      deposits: method?.deposits ?? false,
      withdrawals: method?.withdrawals ?? false,
    };
  });
  await events.emit(
    trx,
    'wallet.networks_changed',
    { version, networks },
    { actorId: null, subjectId: null, traceparent: null },
  );
}

/** The `deposit.requested` event asking the chain to check a deposit's transaction. */
export const claimEvent = (row: DepositRow) => ({
  data: {
    depositId: row.id,
    userId: row.user_id,
    network: row.network,
    txid: row.txid as string,
    amount: row.claimed_amount,
  },
  meta: { actorId: row.user_id, subjectId: row.user_id, traceparent: null },
});

/** Hands the chain every pending deposit whose transaction it has not looked at (migration 008). */
export async function requestOpenClaimChecks(events: ServiceEvents, trx: Knex.Transaction): Promise<void> {
  await events.emitMany(trx, 'deposit.requested', (await depositsAwaitingChain(trx)).map(claimEvent));
}
