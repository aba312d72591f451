// The ledger's queries. Every movement of a user's money goes through `lockWallet` then `postTransfer`
// inside one transaction: the wallet row is the per-user lock, accounts are then locked in id order.
import { v7 as uuidv7 } from 'uuid';
import type { Knex } from '@cropvest/service-kit';
import type { PLATFORM_ACCOUNT_KINDS} from './migrations/001_wallet.ts';
import { USER_ACCOUNT_KINDS } from './migrations/001_wallet.ts';

export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];
export type PlatformAccountKind = (typeof PLATFORM_ACCOUNT_KINDS)[number];
export type TransferKind =
  | 'deposit'
  | 'withdrawal_hold'
  | 'withdrawal_settle'
  | 'withdrawal_release'
  | 'investment'
  | 'harvest_principal'
  | 'harvest_interest'
  | 'adjustment';

export interface AccountRow {
  id: string;
  user_id: string | null;
  kind: UserAccountKind | PlatformAccountKind;
  balance: string;
}

export interface TransferRow {
  id: string;
  idempotency_key: string;
  kind: TransferKind;
  debit_account_id: string;
  credit_account_id: string;
  amount: string;
  user_id: string;
  reference_id: string | null;
  memo: string | null;
  created_by: string | null;
  created_at: Date;
}

export interface LockedWallet {
  userId: string;
  version: number;
  accounts: Record<UserAccountKind, AccountRow>;
}

/** Locks the user's wallet (creating it and its three accounts on first use) and their account rows. */
export async function lockWallet(trx: Knex.Transaction, userId: string): Promise<LockedWallet> {
  let wallet = await trx('wallets').where({ user_id: userId }).forUpdate().first<{ user_id: string; version: number } | undefined>();
  if (!wallet) {
    await trx('wallets').insert({ user_id: userId }).onConflict('user_id').ignore();
    await trx('accounts')
      .insert(USER_ACCOUNT_KINDS.map((kind) => ({ id: uuidv7(), user_id: userId, kind })))
      .onConflict(trx.raw('(user_id, kind) WHERE user_id IS NOT NULL'))
      .ignore();
    wallet = await trx('wallets').where({ user_id: userId }).forUpdate().first<{ user_id: string; version: number }>();
  }
  const rows = await trx<AccountRow>('accounts').where({ user_id: userId }).orderBy('id').forUpdate();
  const accounts = Object.fromEntries(rows.map((row) => [row.kind, row])) as Record<UserAccountKind, AccountRow>;
  return { userId, version: Number(wallet?.version ?? 0), accounts };
}

const platformIds = new Map<string, Map<PlatformAccountKind, string>>();

/** Platform account ids never change once migrated; cached per database. */
export async function platformAccountId(db: Knex, kind: PlatformAccountKind): Promise<string> {
  const cacheKey = String((db.client as { config?: { connection?: { connectionString?: string } } }).config?.connection?.connectionString ?? 'default');
  let cache = platformIds.get(cacheKey);
  if (!cache) {
    const rows = await db<AccountRow>('accounts').whereNull('user_id').select('id', 'kind');
    cache = new Map(rows.map((row) => [row.kind as PlatformAccountKind, row.id]));
    platformIds.set(cacheKey, cache);
  }
  const id = cache.get(kind);
  if (!id) throw new Error(`platform account ${kind} is missing`);
  return id;
}

export const findTransferByKey = (db: Knex, key: string): Promise<TransferRow | undefined> => db<TransferRow>('transfers').where({ idempotency_key: key }).first();

export interface TransferInput {
  key: string;
  kind: TransferKind;
  debitAccountId: string;
  creditAccountId: string;
  amount: string;
  userId: string;
  referenceId?: string | null;
  memo?: string | null;
  createdBy?: string | null;
}

/**
 * Writes one transfer and its two entries and moves both cached balances. If the key was used before,
 * nothing moves and the first transfer is returned (`created: false`). A user account that would go below
 * zero fails on the `accounts_user_nonnegative` constraint and the caller's transaction rolls back.
 */
export async function postTransfer(trx: Knex.Transaction, input: TransferInput): Promise<{ transfer: TransferRow; created: boolean }> {
  const [inserted] = await trx<TransferRow>('transfers')
    .insert({
      id: uuidv7(),
      idempotency_key: input.key,
      kind: input.kind,
      debit_account_id: input.debitAccountId,
      credit_account_id: input.creditAccountId,
      amount: input.amount,
      user_id: input.userId,
      reference_id: input.referenceId ?? null,
      memo: input.memo ?? null,
      created_by: input.createdBy ?? null,
    })
    .onConflict('idempotency_key')
    .ignore()
    .returning('*');
  if (!inserted) {
    const existing = await trx<TransferRow>('transfers').where({ idempotency_key: input.key }).first();
    if (!existing) throw new Error(`transfer ${input.key} conflicted but cannot be read`);
    return { transfer: existing, created: false };
  }
  // Lock order: ascending account id, the same in every transaction.
  const moves = [
    { accountId: input.debitAccountId, delta: `-${input.amount}` },
    { accountId: input.creditAccountId, delta: input.amount },
  ].sort((a, b) => (a.accountId < b.accountId ? -1 : 1));
  for (const move of moves) {
    const [row] = await trx('accounts')
      .where({ id: move.accountId })
      .update({ balance: trx.raw('balance + ?::numeric', [move.delta]) })
      .returning<{ balance: string }[]>('balance');
    if (!row) throw new Error(`account ${move.accountId} is missing`);
    await trx('ledger_entries').insert({ transfer_id: inserted.id, account_id: move.accountId, amount: move.delta, balance_after: row.balance });
  }
  return { transfer: inserted, created: true };
}

/** Bumps the wallet version after a movement; returns the new version. */
export async function bumpWalletVersion(trx: Knex.Transaction, userId: string): Promise<number> {
  const [row] = await trx('wallets').where({ user_id: userId }).increment('version', 1).returning<{ version: number }[]>('version');
  return Number(row?.version);
}

export async function readBalances(db: Knex, userId: string): Promise<Record<UserAccountKind, string>> {
  const rows = await db<AccountRow>('accounts').where({ user_id: userId }).select('kind', 'balance');
  const balances = { available: '0.00000000', hold: '0.00000000', invested: '0.00000000' };
  for (const row of rows) balances[row.kind as UserAccountKind] = row.balance;
  return balances;
}

/** The entry a transfer wrote on one account (for the balance right after it). */
export const entryOf = (db: Knex, transferId: string, accountId: string): Promise<{ balance_after: string } | undefined> =>
  db('ledger_entries').where({ transfer_id: transferId, account_id: accountId }).first('balance_after');

/** Postgres check violation of the non-negative user balance constraint. */
export const isInsufficientFunds = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23514' && (error as { constraint?: string }).constraint === 'accounts_user_nonnegative';
