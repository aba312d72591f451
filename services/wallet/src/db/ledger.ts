// The ledger's queries. Every movement of a user's money goes through `lockWallet` then `postTransfer`
// inside one transaction: the wallet row is the per-user lock, accounts are then locked in id order.
import { v7 as uuidv7 } from 'uuid';
import type { Knex } from '@cropvest/service-kit';
import type { PLATFORM_ACCOUNT_KINDS } from './migrations/001_wallet.ts';
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

/**
 * Locks the user's wallet row, the per-user lock every movement takes first, by bumping its version (so one
 * statement both locks and versions); creates the wallet and its three accounts on first use. The accounts
 * are then read under that lock: no other transaction can move this user's money until commit.
 */
export async function lockWallet(trx: Knex.Transaction, userId: string): Promise<LockedWallet> {
  const bump = () =>
    trx('wallets')
      .where({ user_id: userId })
      .increment('version', 1)
      .returning<{ version: string | number }[]>('version');
  let [wallet] = await bump();
  if (!wallet) {
    await trx('wallets').insert({ user_id: userId }).onConflict('user_id').ignore();
    await trx('accounts')
      .insert(USER_ACCOUNT_KINDS.map((kind) => ({ id: uuidv7(), user_id: userId, kind })))
      .onConflict(trx.raw('(user_id, kind) WHERE user_id IS NOT NULL'))
      .ignore();
    [wallet] = await bump();
  }
  const rows = await trx<AccountRow>('accounts')
    .where({ user_id: userId })
    .select('id', 'user_id', 'kind', 'balance');
  const accounts = Object.fromEntries(rows.map((row) => [row.kind, row])) as Record<
    UserAccountKind,
    AccountRow
  >;
  return { userId, version: Number(wallet?.version ?? 0), accounts };
}

const platformIds = new Map<string, Map<PlatformAccountKind, string>>();

/** Platform account ids never change once migrated; cached per database. */
export async function platformAccountId(db: Knex, kind: PlatformAccountKind): Promise<string> {
  const cacheKey = String(
    (db.client as { config?: { connection?: { connectionString?: string } } }).config?.connection
      ?.connectionString ?? 'default',
  );
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

export const findTransferByKey = (db: Knex, key: string): Promise<TransferRow | undefined> =>
  db<TransferRow>('transfers').where({ idempotency_key: key }).first();

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
export async function postTransfer(
  trx: Knex.Transaction,
  input: TransferInput,
): Promise<{ transfer: TransferRow; created: boolean; balances?: Map<string, string> }> {
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
  // One statement moves both balances. Deadlock-free: the caller holds the user's wallet lock, and no
  // movement touches more than one platform account, so two transactions never wait on each other in a cycle.
  const updated = await trx.raw<{ rows: { id: string; balance: string }[] }>(
    `UPDATE accounts AS a SET balance = a.balance + v.delta
       FROM (VALUES (?::uuid, ?::numeric), (?::uuid, ?::numeric)) AS v(id, delta)
      WHERE a.id = v.id
      RETURNING a.id, a.balance::text AS balance`,
    [input.debitAccountId, `-${input.amount}`, input.creditAccountId, input.amount],
  );
  const after = new Map(updated.rows.map((row) => [row.id, row.balance]));
  if (after.size !== 2) throw new Error(`transfer ${input.key}: an account is missing`);
  await trx('ledger_entries').insert([
    {
      transfer_id: inserted.id,
      account_id: input.debitAccountId,
      amount: `-${input.amount}`,
      balance_after: after.get(input.debitAccountId),
    },
    {
      transfer_id: inserted.id,
      account_id: input.creditAccountId,
      amount: input.amount,
      balance_after: after.get(input.creditAccountId),
    },
  ]);
  return { transfer: inserted, created: true, balances: after };
}

/** The user's balances and the wallet's version, read in one statement so they belong together. */
export async function readBalances(
  db: Knex,
  userId: string,
): Promise<Record<UserAccountKind, string> & { version: number }> {
  const rows = await db('accounts as a')
    .join('wallets as w', 'w.user_id', 'a.user_id')
    .where('a.user_id', userId)
    .select<(Pick<AccountRow, 'kind' | 'balance'> & { version: number })[]>(
      'a.kind',
      'a.balance',
      'w.version',
    );
  const balances = { available: '0.00000000', hold: '0.00000000', invested: '0.00000000', version: 0 };
  for (const row of rows) {
    balances[row.kind as UserAccountKind] = row.balance;
    balances.version = row.version;
  }
  return balances;
}

/** The entry a transfer wrote on one account (for the balance right after it). */
export const entryOf = (
  db: Knex,
  transferId: string,
  accountId: string,
): Promise<{ balance_after: string } | undefined> =>
  db('ledger_entries').where({ transfer_id: transferId, account_id: accountId }).first('balance_after');

/** Postgres check violation of the non-negative user balance constraint. */
export const isInsufficientFunds = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: string }).code === '23514' &&
  (error as { constraint?: string }).constraint === 'accounts_user_nonnegative';
