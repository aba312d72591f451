// The platform's wallets: one per network (its address and whether it is active).
import type { NetworkType, WalletSettings } from '@cropvest/contracts';
import type { Knex } from '@cropvest/service-kit/db';

interface SettingsRow {
  id: string;
  usdt_wallet_address: string;
  network_type: NetworkType;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

const toSettings = (row: SettingsRow): WalletSettings => ({
  id: row.id,
  usdtWalletAddress: row.usdt_wallet_address,
  networkType: row.network_type,
  isActive: row.is_active,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** The network's wallet, or null when it has none. */
export async function readWalletSettings(db: Knex, network: NetworkType): Promise<WalletSettings | null> {
  const row = await db<SettingsRow>('wallet_settings').where({ network_type: network }).first();
  return row ? toSettings(row) : null;
}

const NETWORK_ORDER = "CASE network_type WHEN 'TRC20' THEN 1 WHEN 'ERC20' THEN 2 ELSE 3 END";

export async function readAllWalletSettings(db: Knex): Promise<WalletSettings[]> {
  const rows = await db<SettingsRow>('wallet_settings').orderByRaw(NETWORK_ORDER);
  return rows.map(toSettings);
}

/** Every network's wallet, locked: two admins changing wallets or payment methods at once take turns. */
export async function lockWalletSettings(trx: Knex.Transaction): Promise<WalletSettings[]> {
  const rows = await trx<SettingsRow>('wallet_settings').orderByRaw(NETWORK_ORDER).forUpdate();
  return rows.map(toSettings);
}

export async function upsertWalletSettings(
  trx: Knex.Transaction,
  values: { id: string; address: string; network: NetworkType; isActive: boolean; updatedBy: string },
): Promise<WalletSettings> {
  const [row] = await trx<SettingsRow>('wallet_settings')
    .insert({
      id: values.id,
      usdt_wallet_address: values.address,
      network_type: values.network,
      is_active: values.isActive,
      updated_by: values.updatedBy,
    } as never)
    .onConflict('network_type')
    .merge({
      usdt_wallet_address: values.address,
      is_active: values.isActive,
      updated_by: values.updatedBy,
      updated_at: trx.fn.now(),
    } as never)
    .returning('*');
  return toSettings(row as SettingsRow);
}
