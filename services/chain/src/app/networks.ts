// The networks as the Deposit screen, Wallet Settings and the proof page show them: the wallet's addresses and
// payment methods (as last announced) beside this service's own settings for each network.
import { CHAIN_NAMES, NETWORK_LABELS, type ChainNetwork } from '@cropvest/contracts';
import { readPlatformNetworks } from '../db/networks.ts';
import type { ChainContext } from './context.ts';
import type { NetworkSettings } from '../config.ts';

export async function chainNetworks(
  ctx: ChainContext,
  settings: readonly NetworkSettings[],
): Promise<ChainNetwork[]> {
  const announced = new Map((await readPlatformNetworks(ctx.db)).map((row) => [row.network, row]));
  return settings.map((network) => {
    const wallet = announced.get(network.network);
    return {
      network: network.network,
      label: NETWORK_LABELS[network.network],
      chainName: CHAIN_NAMES[network.network],
      depositAddress: wallet?.active_address ?? null,
      acceptsDeposits: wallet?.deposits ?? false,
      acceptsWithdrawals: wallet?.withdrawals ?? false,
      monitored: network.watched,
      usdtContract: network.usdtContract,
      decimals: network.decimals,
      confirmations: network.confirmations,
      finalitySeconds: Math.round(network.confirmations * network.blockSeconds),
      explorerTxUrl: network.explorerTxUrl || null,
    };
  });
}
