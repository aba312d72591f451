// Development and test stacks only: the local chains' platform addresses become the platform's wallets on networks
// that have none yet, so a newcomer can deposit end to end at once (decision 0083). An address an admin set is
// never touched; production never sets SEED_PLATFORM_WALLETS.
import { v7 as uuidv7 } from 'uuid';
import { checkAddress } from '@cropvest/contracts/chain/addresses';
import type { NetworkType } from '@cropvest/contracts';
import type { ServiceEvents } from '@cropvest/service-kit/bus';
import type { Knex } from '@cropvest/service-kit/db';
import type { Logger } from '@cropvest/service-kit/runtime';
import { announceNetworks } from '../events/announcements.ts';

export async function seedPlatformWallets(
  events: ServiceEvents,
  db: Knex,
  logger: Logger,
  wallets: Partial<Record<NetworkType, string>>,
): Promise<void> {
  await db.transaction(async (trx) => {
    const existing = new Set(
      (await trx('wallet_settings').select<{ network_type: NetworkType }[]>('network_type')).map(
        (row) => row.network_type,
      ),
    );
    const seeded: NetworkType[] = [];
    for (const [network, address] of Object.entries(wallets) as [NetworkType, string][]) {
      if (existing.has(network)) continue;
      const check = checkAddress(network, address);
      if (!check.ok) throw new Error(`SEED_PLATFORM_WALLETS: ${network} ${address}: ${check.message}`);
      await trx('wallet_settings')
        .insert({ id: uuidv7(), usdt_wallet_address: check.address, network_type: network, is_active: true })
        .onConflict('network_type')
        .ignore();
      seeded.push(network);
    }
    if (!seeded.length) return;
    await announceNetworks(events, trx);
    logger.info({ networks: seeded }, 'seeded the local chains’ platform addresses as wallets');
  });
}
