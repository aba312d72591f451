// The ledger's queries. Every movement of a user's money goes through `lockWallet` then `postTransfer`
// inside one transaction: the wallet row is the per-user lock, accounts are then locked in id order.
import { v7 as uuidv7 } from 'uuid';
import { MoneyDecimal, type EventEnvelope } from '@cropvest/contracts';
import { announcedBy } from '@cropvest/service-kit/bus';
import { type Knex } from '@cropvest/service-kit/db';
import type { PLATFORM_ACCOUNT_KINDS } from './migrations/001_wallet.ts';
import { USER_ACCOUNT_KINDS } from './migrations/001_wallet.ts';
import type { PLAN_ACCOUNT_KINDS } from './migrations/009_plan_funding.ts';
import type { TransferKind } from '../domain/transfer-kind.ts';

export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];
export type PlatformAccountKind = (typeof PLATFORM_ACCOUNT_KINDS)[number] | 'reserve_fund';
export type PlanAccountKind = (typeof PLAN_ACCOUNT_KINDS)[number];
export interface AccountRow {
  id: string;
  user_id: string | null;
  kind: UserAccountKind | PlatformAccountKind | PlanAccountKind;
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
 * Locks the user's wallet row, the per-user lock every movement takes first, by bumping its version, and reads
 * its accounts, in one statement (decision 0115); creates the wallet and its three accounts on first use. The
 * accounts are found through the bumped row (an InitPlan, run before the scan: the wallet lock is always taken
 * first) and read FOR NO KEY UPDATE, which answers their latest committed balances even when the statement
 * waited for the wallet lock: no other transaction can move this user's money until commit.
 */
export async function lockWallet(trx: Knex.Transaction, userId: string): Promise<LockedWallet> {
  const lockAndRead = async () =>
    (
      await trx.raw<{ rows: (AccountRow & { version: string | number })[] }>(
        `WITH bumped AS (UPDATE wallets SET version = version + 1 WHERE user_id = ? RETURNING user_id, version)
         SELECT a.id, a.user_id, a.kind, a.balance, (SELECT version FROM bumped) AS version
           FROM accounts a WHERE a.user_id = (SELECT user_id FROM bumped)
            FOR NO KEY UPDATE OF a`,
        [userId],
      )
    ).rows;
  let rows = await lockAndRead();
  if (rows.length === 0) {
    await trx('wallets').insert({ user_id: userId }).onConflict('user_id').ignore();
    await trx('accounts')
      .insert(USER_ACCOUNT_KINDS.map((kind) => ({ id: uuidv7(), user_id: userId, kind })))
      .onConflict(trx.raw('(user_id, kind) WHERE user_id IS NOT NULL'))
      .ignore();
    rows = await lockAndRead();
  }
  const accounts = Object.fromEntries(
    rows.map(({ version: _version, ...account }) => [account.kind, account]),
  ) as Record<UserAccountKind, AccountRow>;
  return { userId, version: Number(rows[0]?.version ?? 0), accounts };
}

/**
 * `lockWallet` for many users at once (a batch of harvest payouts): the wallet rows are locked in user id
 * order, so two batches (two replicas of the wallet) never wait on each other in a cycle, then their accounts
 * are read. A user with no wallet yet gets one through `lockWallet`.
 */
export async function lockWallets(
  trx: Knex.Transaction,
  userIds: string[],
): Promise<Map<string, LockedWallet>> {
  const ids = [...new Set(userIds)].sort();
  const { rows: bumped } = await trx.raw<{ rows: { user_id: string; version: string | number }[] }>(
    `UPDATE wallets SET version = version + 1
      WHERE user_id IN (SELECT user_id FROM wallets WHERE user_id = ANY(?::uuid[]) ORDER BY user_id FOR UPDATE)
      RETURNING user_id, version`,
    [ids],
  );
  const locked = new Map<string, LockedWallet>();
  const accounts = await trx<AccountRow>('accounts')
    .whereIn(
      'user_id',
      bumped.map((row) => row.user_id),
    )
    .select('id', 'user_id', 'kind', 'balance');
  for (const row of bumped)
    locked.set(row.user_id, {
      userId: row.user_id,
      version: Number(row.version),
      accounts: {} as Record<UserAccountKind, AccountRow>,
    });
  for (const account of accounts)
    (locked.get(account.user_id as string) as LockedWallet).accounts[account.kind as UserAccountKind] =
      account;
  for (const userId of ids) if (!locked.has(userId)) locked.set(userId, await lockWallet(trx, userId));
  return locked;
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
    const rows = await db<AccountRow>('accounts')
      .whereNull('user_id')
      .whereNull('plan_id')
      .select('id', 'kind');
    cache = new Map(rows.map((row) => [row.kind as PlatformAccountKind, row.id]));
    platformIds.set(cacheKey, cache);
  }
  const id = cache.get(kind);
  if (!id) throw new Error(`platform account ${kind} is missing`);
  return id;
}

/** A plan's account (docs/decisions/0091), created on the plan's first movement. */
export async function planAccountId(
  trx: Knex.Transaction,
  planId: string,
  kind: PlanAccountKind,
): Promise<string> {
  await trx('accounts')
    .insert({ id: uuidv7(), plan_id: planId, kind })
    .onConflict(trx.raw('(plan_id, kind) WHERE plan_id IS NOT NULL'))
    .ignore();
  const row = await trx('accounts').where({ plan_id: planId, kind }).first<{ id: string }>('id');
  return row.id;
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
 * Writes one transfer and its two entries and moves both cached balances, in one statement (decision 0115;
 * `postTransfers` does the same for a set), with `announcement` in the outbox when the transfer is written
 * (nothing is announced for a key used before). If the key was used before, nothing moves and the first transfer
 * is returned (`created: false`). A user account that would go below zero fails on the
 * `accounts_user_nonnegative` constraint and the caller's transaction rolls back.
 */
export async function postTransfer(
  trx: Knex.Transaction,
  input: TransferInput,
  announcement?: EventEnvelope,
): Promise<{ transfer: TransferRow; created: boolean; balances?: Map<string, string> }> {
  const announced = announcement && announcedBy('posted', announcement);
  const { rows } = await trx.raw<{ rows: (TransferRow & { balances: Record<string, string> })[] }>(
    `WITH posted AS (
       INSERT INTO transfers (id, idempotency_key, kind, debit_account_id, credit_account_id, amount, user_id, reference_id, memo, created_by)
       VALUES (?, ?, ?, ?, ?, ?::numeric, ?, ?, ?, ?)
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING *
     ), moved AS (
       UPDATE accounts AS a SET balance = a.balance + v.delta
         FROM posted, LATERAL (VALUES (posted.debit_account_id, -posted.amount), (posted.credit_account_id, posted.amount)) AS v(id, delta)
        WHERE a.id = v.id
       RETURNING a.id, a.balance, v.delta
     ), entries AS (
       INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after)
       SELECT posted.id, moved.id, moved.delta, moved.balance FROM posted, moved ORDER BY moved.delta
     )${announced ? `, announced AS (${announced.sql})` : ''}
     SELECT posted.*, (SELECT json_object_agg(id, balance::text) FROM moved) AS balances FROM posted`,
    [
      uuidv7(),
      input.key,
      input.kind,
      input.debitAccountId,
      input.creditAccountId,
      input.amount,
      input.userId,
      input.referenceId ?? null,
      input.memo ?? null,
      input.createdBy ?? null,
      ...(announced?.bindings ?? []),
    ],
  );
  const posted = rows[0];
  if (posted) {
    const { balances, ...transfer } = posted;
    if (Object.keys(balances).length !== 2) throw new Error('postTransfer: an account is missing');
    return { transfer, created: true, balances: new Map(Object.entries(balances)) };
  }
  const existing = await findTransferByKey(trx, input.key);
  if (!existing) throw new Error(`transfer ${input.key} conflicted but cannot be read`);
  return { transfer: existing, created: false };
}

/**
 * Posts transfers in three statements: every transfer in one insert (keys already used move nothing), every
 * account's total change in one update, every entry in one insert with its running balance, in the order the
 * transfers were given. The callers hold the wallet locks of every user concerned, and no set touches more than
 * one platform account, so two transactions never wait on each other in a cycle. The non-negative rule sees
 * each account's final balance only: a set of several transfers must move each user account one way (a
 * harvest's payouts: invested only down, available only up). Returns the transfers written and the final
 * balance of every account they moved.
 */
export async function postTransfers(
  trx: Knex.Transaction,
  inputs: TransferInput[],
): Promise<{ created: TransferRow[]; balances: Map<string, string> }> {
  if (inputs.length === 0) return { created: [], balances: new Map() };
  // Column arrays through unnest rather than a VALUES row per transfer: one parameter per column instead of ten
  // per row, which PostgreSQL parses and plans in a fraction of the time for a harvest batch's hundreds of rows.
  // Some hold nulls, which pg sends as NULL elements (knex's types know arrays of one non-null type only).
  const column = (value: (input: TransferInput) => string | null) => inputs.map(value) as unknown as string[];
  const { rows: inserted } = await trx.raw<{ rows: TransferRow[] }>(
    `INSERT INTO transfers (id, idempotency_key, kind, debit_account_id, credit_account_id, amount, user_id,
                            reference_id, memo, created_by)
     SELECT * FROM unnest(?::uuid[], ?::text[], ?::text[], ?::uuid[], ?::uuid[], ?::numeric[], ?::uuid[],
                          ?::text[], ?::text[], ?::uuid[])
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING *`,
    [
      column(() => uuidv7()),
      column((input) => input.key),
      column((input) => input.kind),
      column((input) => input.debitAccountId),
      column((input) => input.creditAccountId),
      column((input) => input.amount),
      column((input) => input.userId),
      column((input) => input.referenceId ?? null),
      column((input) => input.memo ?? null),
      column((input) => input.createdBy ?? null),
    ],
  );
  if (inserted.length === 0) return { created: [], balances: new Map() };
  // RETURNING promises no order: put the transfers back in the order they were given.
  const position = new Map(inputs.map((input, index) => [input.key, index]));
  const created = inserted.sort(
    (a, b) => (position.get(a.idempotency_key) as number) - (position.get(b.idempotency_key) as number),
  );

  const change = new Map<string, MoneyDecimal>();
  const move = (account: string, amount: MoneyDecimal) =>
    change.set(account, (change.get(account) ?? new MoneyDecimal(0)).plus(amount));
  for (const transfer of created) {
    move(transfer.debit_account_id, new MoneyDecimal(transfer.amount).negated());
    move(transfer.credit_account_id, new MoneyDecimal(transfer.amount));
  }
  const accounts = [...change.keys()];
  // A harvest batch may move several plans' accounts: lock the platform accounts in id order first, so two
  // sets never wait on each other in a cycle (user accounts are already under wallet locks).
  if (created.length > 1)
    await trx.raw(
      `SELECT 1 FROM accounts WHERE id = ANY(?::uuid[]) AND user_id IS NULL ORDER BY id FOR UPDATE`,
      [accounts],
    );
  const { rows: updated } = await trx.raw<{ rows: { id: string; balance: string }[] }>(
    `UPDATE accounts AS a SET balance = a.balance + v.delta
       FROM unnest(?::uuid[], ?::numeric[]) AS v(id, delta)
      WHERE a.id = v.id
      RETURNING a.id, a.balance::text AS balance`,
    [accounts, accounts.map((id) => (change.get(id) as MoneyDecimal).toFixed())],
  );
  if (updated.length !== accounts.length) throw new Error('postTransfers: an account is missing');
  const balances = new Map(updated.map((row) => [row.id, row.balance]));

  // Each account's balance before the set, then after each of its entries in turn.
  const running = new Map(
    accounts.map((id) => [
      id,
      new MoneyDecimal(balances.get(id) as string).minus(change.get(id) as MoneyDecimal),
    ]),
  );
  const entry = (transferId: string, account: string, amount: MoneyDecimal) => {
    const after = (running.get(account) as MoneyDecimal).plus(amount);
    running.set(account, after);
    return {
      transfer_id: transferId,
      account_id: account,
      amount: amount.toFixed(),
      balance_after: after.toFixed(),
    };
  };
  const entries = created.flatMap((transfer) => [
    entry(transfer.id, transfer.debit_account_id, new MoneyDecimal(transfer.amount).negated()),
    entry(transfer.id, transfer.credit_account_id, new MoneyDecimal(transfer.amount)),
  ]);
  // In the order given (ORDINALITY): the entries' ids follow it, and a running balance is read in id order.
  await trx.raw(
    `INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after)
     SELECT transfer_id, account_id, amount, balance_after
       FROM unnest(?::uuid[], ?::uuid[], ?::numeric[], ?::numeric[])
            WITH ORDINALITY AS e(transfer_id, account_id, amount, balance_after, position)
      ORDER BY position`,
    [
      entries.map((e) => e.transfer_id),
      entries.map((e) => e.account_id),
      entries.map((e) => e.amount),
      entries.map((e) => e.balance_after),
    ],
  );
  return { created, balances };
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
