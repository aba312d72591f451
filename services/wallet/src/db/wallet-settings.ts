// The platform's deposit wallet (one row): its address, network and whether it is active.
import type { NetworkType, WalletSettings } from '@cropvest/contracts';
import type { Knex } from '@cropvest/service-kit';

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

export async function readWalletSettings(db: Knex): Promise<WalletSettings | null> {
  const row = await db<SettingsRow>('wallet_settings').first();
  return row ? toSettings(row) : null;
}

export async function lockWalletSettings(trx: Knex.Transaction): Promise<WalletSettings | null> {
  const row = await trx<SettingsRow>('wallet_settings').forUpdate().first();
  return row ? toSettings(row) : null;
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
    .onConflict('singleton')
    .merge({
      usdt_wallet_address: values.address,
      network_type: values.network,
      is_active: values.isActive,
      updated_by: values.updatedBy,
      updated_at: trx.fn.now(),
    } as never)
    .returning('*');
  return toSettings(row as SettingsRow);
}
