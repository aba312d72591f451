// Payment methods (networks accepted per direction), the history of the platform wallet's changes, and the snapshot
// of both the chain service keeps (`wallet.networks_changed`).
import type { NetworkType, PaymentMethod, WalletAddressChange } from '@cropvest/contracts';
import { pageOf, type Knex, type Page } from '@cropvest/service-kit/db';

interface MethodRow {
  network: NetworkType;
  deposits: boolean;
  withdrawals: boolean;
}

const NETWORK_ORDER = "CASE network WHEN 'TRC20' THEN 1 WHEN 'ERC20' THEN 2 ELSE 3 END";

export const readPaymentMethods = (db: Knex): Promise<PaymentMethod[]> =>
  db<MethodRow>('payment_methods')
    .select('network', 'deposits', 'withdrawals')
    .orderByRaw(NETWORK_ORDER) as Promise<PaymentMethod[]>;

/** All rows locked, so two admins switching networks at once cannot both turn off "the other" last one. */
export const lockPaymentMethods = (trx: Knex.Transaction): Promise<PaymentMethod[]> =>
  trx<MethodRow>('payment_methods')
    .select('network', 'deposits', 'withdrawals')
    .orderByRaw(NETWORK_ORDER)
    .forUpdate() as Promise<PaymentMethod[]>;

export async function readPaymentMethod(db: Knex, network: NetworkType): Promise<PaymentMethod> {
  const row = await db<MethodRow>('payment_methods')
    .select('network', 'deposits', 'withdrawals')
    .where({ network })
    .first();
  if (!row) throw new Error(`payment_methods has no row for ${network} (migration 005 seeds all three)`);
  return row;
}

export async function updatePaymentMethod(
  trx: Knex.Transaction,
  method: PaymentMethod,
  adminId: string,
): Promise<void> {
  await trx('payment_methods').where({ network: method.network }).update({
    deposits: method.deposits,
    withdrawals: method.withdrawals,
    updated_by: adminId,
    updated_at: trx.fn.now(),
  });
}

interface ChangeRow {
  id: string;
  admin_id: string;
  admin_name: string | null;
  previous_address: string | null;
  previous_network: NetworkType | null;
  previous_is_active: boolean | null;
  address: string;
  network: NetworkType;
  is_active: boolean;
  created_at: Date;
}

export async function insertAddressChange(
  trx: Knex.Transaction,
  change: Omit<ChangeRow, 'admin_name' | 'created_at'>,
): Promise<void> {
  await trx('wallet_address_changes').insert(change);
}

export async function listAddressChanges(
  db: Knex,
  query: { page: number; pageSize: number },
): Promise<Page<WalletAddressChange>> {
  const page = await pageOf<ChangeRow>(
    db('wallet_address_changes as c')
      .leftJoin('users as u', 'u.id', 'c.admin_id')
      .select('c.*', 'u.name as admin_name')
      .orderBy([
        { column: 'c.created_at', order: 'desc' },
        { column: 'c.id', order: 'desc' },
      ]),
    query,
  );
  return {
    total: page.total,
    items: page.items.map((row) => ({
      id: row.id,
      adminId: row.admin_id,
      adminName: row.admin_name,
      previousAddress: row.previous_address,
      previousNetwork: row.previous_network,
      previousIsActive: row.previous_is_active,
      address: row.address,
      network: row.network,
      isActive: row.is_active,
      createdAt: row.created_at.toISOString(),
    })),
  };
}

/**
 * What the networks snapshot is made of: payment methods, each network's wallet, every address it ever had (the
 * history), and the snapshot's version, the next of a sequence so that a later snapshot always counts as newer.
 */
export async function readNetworkState(trx: Knex.Transaction) {
  const [methods, wallets, history, version] = await Promise.all([
    trx<MethodRow>('payment_methods').select('network', 'deposits', 'withdrawals'),
    trx('wallet_settings').select<
      { network_type: NetworkType; usdt_wallet_address: string; is_active: boolean }[]
    >('network_type', 'usdt_wallet_address', 'is_active'),
    trx('wallet_address_changes')
      .distinct('network', 'address')
      .select<{ network: NetworkType; address: string }[]>(),
    trx
      .raw<{ rows: { version: string }[] }>(`SELECT nextval('networks_version') AS version`)
      .then((result) => Number(result.rows[0]?.version)),
  ]);
  return { methods, wallets, history, version };
}
