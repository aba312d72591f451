// The snapshot of the wallet's networks the chain service keeps (`wallet.networks_changed`, decision 0080): sent in
// the transaction of every change of Wallet Settings or Payment Methods, so the chain never misses one.
import { NETWORK_TYPES } from '@cropvest/contracts/networks';
import { emit, type Knex } from '@cropvest/service-kit';
import { readNetworkState } from '../db/payment-methods.ts';
import { SOURCE } from './context.ts';

export async function announceNetworks(trx: Knex.Transaction): Promise<void> {
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
  await emit(
    trx,
    'wallet.networks_changed',
    { version, networks },
    { source: SOURCE, actorId: null, subjectId: null, traceparent: null },
  );
}
