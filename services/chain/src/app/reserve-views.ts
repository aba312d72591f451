// A stored reconciliation in the contract's shapes: in full for admins (with what the ledger says arrived on each
// network), and as published beside a proof (what each address held, with its explorer link to check it).
import type { PublishedReserves, Reconciliation, ReserveNetwork } from '@cropvest/contracts';
import { NETWORK_TYPES } from '@cropvest/contracts/chain/networks';
import { explorerAddressTemplate } from '../config.ts';
import { coverageRatio } from '../domain/reserves.ts';
import type { StoredRun } from '../db/reconciliations.ts';
import type { ChainContext } from './context.ts';

/** Reserves and the explorer links of their addresses, TRC-20 first as everywhere. */
function reserveNetworks(ctx: ChainContext, { networks, addresses }: StoredRun): ReserveNetwork[] {
  return [...networks]
    .sort((a, b) => NETWORK_TYPES.indexOf(a.network) - NETWORK_TYPES.indexOf(b.network))
    .map((row) => {
      const template = explorerAddressTemplate(ctx.config, row.network);
      return {
        network: row.network,
        status: row.status,
        error: row.error,
        amount: row.amount,
        finalBlock: row.final_block === null ? null : String(row.final_block),
        usdtContract: row.usdt_contract,
        addresses: addresses
          .filter((address) => address.network === row.network)
          .map((address) => ({
            address: address.address,
            amount: address.amount,
            explorerUrl: template ? template.replace('{address}', encodeURIComponent(address.address)) : null,
          })),
      };
    });
}

export function reconciliationView(ctx: ChainContext, stored: StoredRun): Reconciliation {
  const { run } = stored;
  const ledger = new Map(stored.networks.map((row) => [row.network, row]));
  return {
    id: run.id,
    trigger: run.trigger,
    startedAt: run.started_at.toISOString(),
    finishedAt: run.finished_at.toISOString(),
    status: run.status,
    reserves: run.reserves,
    liabilities: {
      available: run.available,
      held: run.held,
      invested: run.invested,
      accruedInterest: run.accrued_interest,
      total: run.liabilities,
    },
    shortfall: run.shortfall,
    coverage: coverageRatio(run.reserves, run.liabilities),
    networks: reserveNetworks(ctx, stored).map((network) => ({
      ...network,
      depositsCredited: ledger.get(network.network)?.deposits_credited ?? '0.00000000',
      withdrawalsPaid: ledger.get(network.network)?.withdrawals_paid ?? '0.00000000',
      withdrawalsUnverified: ledger.get(network.network)?.withdrawals_unverified ?? '0.00000000',
    })),
  };
}

/** The reserves as the public page shows them: why a network was unread stays with the admins. */
export function publishedReserves(ctx: ChainContext, stored: StoredRun): PublishedReserves {
  const networks = reserveNetworks(ctx, stored).map((network) => ({
    ...network,
    error: network.status === 'unread' ? 'Not read at this reconciliation' : null,
  }));
  return {
    reconciledAt: stored.run.started_at.toISOString(),
    complete: networks.every((network) => network.status === 'read'),
    total: stored.run.reserves,
    networks,
  };
}
