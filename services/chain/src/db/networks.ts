// The wallet's networks as its last `wallet.networks_changed` said: the active address, what each network takes,
// and every address the platform ever had on it.
import type { EventData } from '@cropvest/contracts';
import type { NetworkName } from '@cropvest/contracts/chain/networks';
import type { Knex } from '@cropvest/service-kit/db';
import { addressKey } from '../domain/addresses.ts';

export interface PlatformNetworkRow {
  network: NetworkName;
  active_address: string | null;
  deposits: boolean;
  withdrawals: boolean;
}

/** Applies a snapshot unless a newer one was applied already (events may arrive out of order). */
export async function applyNetworksSnapshot(
  trx: Knex.Transaction,
  snapshot: EventData<'wallet.networks_changed'>,
): Promise<void> {
  // One lock for the whole projection, so two snapshots are applied one after the other.
  await trx.raw('LOCK TABLE platform_networks IN SHARE ROW EXCLUSIVE MODE');
  const newest = await trx('platform_networks').max<{ version: number | null }>('version as version').first();
  if (newest?.version != null && newest.version >= snapshot.version) return;
  for (const network of snapshot.networks) {
    await trx('platform_networks')
      .insert({
        network: network.network,
        active_address: network.activeAddress,
        deposits: network.deposits,
        withdrawals: network.withdrawals,
        version: snapshot.version,
        updated_at: trx.fn.now(),
      })
      .onConflict('network')
      .merge();
    const addresses = [
      ...new Set([...network.addresses, ...(network.activeAddress ? [network.activeAddress] : [])]),
    ];
    if (addresses.length)
      await trx('platform_addresses')
        .insert(
          addresses.map((address) => ({
            network: network.network,
            address,
            address_key: addressKey(network.network, address),
          })),
        )
        .onConflict(['network', 'address_key'])
        .ignore();
  }
}

export const readPlatformNetworks = (db: Knex): Promise<PlatformNetworkRow[]> =>
  db<PlatformNetworkRow>('platform_networks').select('network', 'active_address', 'deposits', 'withdrawals');

/** `addressKey`s of every address the platform has had on `network`. */
export async function platformAddressKeys(db: Knex, network: NetworkName): Promise<Set<string>> {
  const rows = await db('platform_addresses')
    .where({ network })
    .select<{ address_key: string }[]>('address_key');
  return new Set(rows.map((row) => row.address_key));
}

/** Every address the platform has had, on every network, in the form it was announced. */
export const platformAddresses = (db: Knex): Promise<{ network: NetworkName; address: string }[]> =>
  db('platform_addresses').select('network', 'address').orderBy(['network', 'address']);
