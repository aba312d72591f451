// The one way money moves: lock the user's wallet (bumping its version), post transfers, publish the balances.
import { addAmounts, money, sameAmount, subtractAmounts } from '@cropvest/contracts';
import { type ServiceEvents } from '@cropvest/service-kit/bus';
import { type Knex } from '@cropvest/service-kit/db';
import { BadRequestError } from '@cropvest/service-kit/errors';
import {
  isInsufficientFunds,
  lockWallet,
  lockWallets,
  planAccountId,
  platformAccountId,
  postTransfer,
  postTransfers,
  type LockedWallet,
  type PlanAccountKind,
  type PlatformAccountKind,
  type TransferInput,
  type TransferRow,
  type UserAccountKind,
} from '../db/ledger.ts';

export const INSUFFICIENT_BALANCE = 'Insufficient balance';

/** One of a plan's accounts (docs/decisions/0091). */
export interface PlanAccount {
  planId: string;
  kind: PlanAccountKind;
}

/** An account a movement names: one of the user's, a platform account, or one of a plan's. */
export type AccountRef = UserAccountKind | PlatformAccountKind | PlanAccount;

/** A transfer between a user's account and another of theirs, a platform account or a plan's. */
export interface Movement {
  key: string;
  kind: TransferInput['kind'];
  from: AccountRef;
  to: AccountRef;
  amount: string;
  referenceId?: string | null;
  memo?: string | null;
  createdBy?: string | null;
}

const USER_KINDS = ['available', 'hold', 'invested'] as const satisfies UserAccountKind[];

const isUserKind = (kind: AccountRef): kind is UserAccountKind =>
  (USER_KINDS as readonly AccountRef[]).includes(kind);

/** A user's balances after one movement of theirs: its amount out of `from` and into `to`, when they are theirs. */
function balancesAfter(
  before: Record<UserAccountKind, string>,
  movement: Movement,
): Partial<Record<UserAccountKind, string>> {
  const after: Partial<Record<UserAccountKind, string>> = {};
  if (isUserKind(movement.from))
    after[movement.from] = subtractAmounts(before[movement.from], movement.amount);
  if (isUserKind(movement.to)) after[movement.to] = addAmounts(before[movement.to], movement.amount);
  return after;
}

/** A platform or plan account's id. */
type SharedAccountIds = (account: PlatformAccountKind | PlanAccount) => Promise<string>;

/**
 * Platform and plan account ids for one transaction, each looked up once: every payout of a harvest batch names
 * the same plan's accounts. Kept for the transaction only, since a plan account created in a transaction that
 * rolls back never existed.
 */
function sharedAccountIds(trx: Knex.Transaction): SharedAccountIds {
  const ids = new Map<string, Promise<string>>();
  return (account) => {
    const key = typeof account === 'string' ? account : `${account.planId} ${account.kind}`;
    let id = ids.get(key);
    if (!id) {
      id =
        typeof account === 'string'
          ? platformAccountId(trx, account)
          : planAccountId(trx, account.planId, account.kind);
      ids.set(key, id);
    }
    return id;
  };
}

const accountId = (shared: SharedAccountIds, wallet: LockedWallet, account: AccountRef): Promise<string> =>
  isUserKind(account) ? Promise.resolve(wallet.accounts[account].id) : shared(account);

/** The ledger's transfer for one of a locked wallet's movements. */
const transferInput = async (
  shared: SharedAccountIds,
  wallet: LockedWallet,
  movement: Movement,
): Promise<TransferInput> => ({
  key: movement.key,
  kind: movement.kind,
  debitAccountId: await accountId(shared, wallet, movement.from),
  creditAccountId: await accountId(shared, wallet, movement.to),
  amount: movement.amount,
  userId: wallet.userId,
  referenceId: movement.referenceId,
  memo: movement.memo,
  createdBy: movement.createdBy,
});

export interface MovementResult {
  transfers: { transfer: TransferRow; created: boolean }[];
  balances: Record<UserAccountKind, string>;
  version: number;
}

/**
 * Posts the movements for one user in the caller's transaction, under the user's wallet lock (taken here, or
 * passed in by a caller that already holds it). Transfers whose key was already used move nothing. A user
 * account going below zero raises 400 'Insufficient balance'; the caller's transaction (already aborted by
 * Postgres) rolls back whole.
 */
export async function moveMoney(
  events: ServiceEvents,
  trx: Knex.Transaction,
  userId: string,
  movements: Movement[],
  meta: { actorId?: string | null; traceparent?: string | null } = {},
  locked?: LockedWallet,
): Promise<MovementResult> {
  const wallet = locked ?? (await lockWallet(trx, userId));
  const balances = {
    available: wallet.accounts.available.balance,
    hold: wallet.accounts.hold.balance,
    invested: wallet.accounts.invested.balance,
  };
  const eventMeta = {
    actorId: meta.actorId ?? null,
    subjectId: userId,
    traceparent: meta.traceparent ?? null,
  };
  // One movement (a purchase's debit, most of all) announces the balances in the statement that posts it
  // (decision 0115): under the wallet lock they are the balances just read, moved by its amount. One that would
  // take a balance below zero announces nothing: the ledger refuses it, unless its key was used before.
  const [single] = movements;
  const after =
    movements.length === 1 && single ? { ...balances, ...balancesAfter(balances, single) } : undefined;
  const announced =
    after && USER_KINDS.every((kind) => !money(after[kind]).isNegative())
      ? { ...after, version: wallet.version }
      : undefined;
  const transfers: MovementResult['transfers'] = [];
  const shared = sharedAccountIds(trx);
  for (const movement of movements) {
    const input = await transferInput(shared, wallet, movement);
    try {
      const posted = await postTransfer(
        trx,
        input,
        announced && events.envelope('wallet.balance_changed', { userId, ...announced }, eventMeta),
      );
      transfers.push({ transfer: posted.transfer, created: posted.created });
      // The balances after the movement, as the UPDATE returned them (we hold the lock: nothing else moved).
      for (const kind of ['available', 'hold', 'invested'] as const) {
        const after = posted.balances?.get(wallet.accounts[kind].id);
        if (after !== undefined) balances[kind] = after;
      }
    } catch (error) {
      if (isInsufficientFunds(error)) throw new BadRequestError(INSUFFICIENT_BALANCE, 'INSUFFICIENT_BALANCE');
      // numeric(18,8) holds at most 9,999,999,999.99999999 per account: refuse rather than fail with a 500.
      if ((error as { code?: string }).code === '22003')
        throw new BadRequestError(
          'This amount would take a balance past the largest amount the ledger holds',
          'AMOUNT_TOO_LARGE',
        );
      throw error;
    }
  }
  if (transfers.some((t) => t.created)) {
    if (!announced)
      await events.emit(
        trx,
        'wallet.balance_changed',
        { userId, ...balances, version: wallet.version },
        eventMeta,
      );
    // What the UPDATE left is what was announced: the lock makes it so; a difference would be a bug, never sent.
    else if (USER_KINDS.some((kind) => !sameAmount(balances[kind], announced[kind])))
      throw new Error('moveMoney: the announced balances differ from the ledger');
  }
  return { transfers, balances, version: wallet.version };
}

/** One user's movements in a bulk posting, with the trace of the request or event that asked for them. */
export interface UserMovements {
  userId: string;
  movements: Movement[];
  traceparent?: string | null;
}

/**
 * `moveMoney` for many users in one transaction and a handful of statements (a harvest day's payouts): every
 * wallet locked in user id order, the transfers, balances and entries written in bulk (`postTransfers`, whose
 * rule applies: each user account moves one way within the set), one `wallet.balance_changed` per user whose
 * money moved. Transfers whose key was already used move nothing.
 */
export async function moveMoneyInBulk(
  events: ServiceEvents,
  trx: Knex.Transaction,
  work: UserMovements[],
): Promise<void> {
  const wallets = await lockWallets(
    trx,
    work.map((item) => item.userId),
  );
  const inputs: TransferInput[] = [];
  const shared = sharedAccountIds(trx);
  for (const { userId, movements } of work)
    for (const movement of movements)
      inputs.push(await transferInput(shared, wallets.get(userId) as LockedWallet, movement));
  const { created, balances } = await postTransfers(trx, inputs);
  const moved = new Set(created.map((transfer) => transfer.user_id));
  await events.emitMany(
    trx,
    'wallet.balance_changed',
    work.flatMap(({ userId, traceparent }) => {
      if (!moved.delete(userId)) return [];
      const { accounts, version } = wallets.get(userId) as LockedWallet;
      const balanceOf = (kind: UserAccountKind) => balances.get(accounts[kind].id) ?? accounts[kind].balance;
      return [
        {
          data: {
            userId,
            available: balanceOf('available'),
            hold: balanceOf('hold'),
            invested: balanceOf('invested'),
            version,
          },
          meta: { actorId: null, subjectId: userId, traceparent: traceparent ?? null },
        },
      ];
    }),
  );
}

/** A movement of platform money only (proceeds, the reserve fund): no user's wallet is concerned. */
export interface PlatformMovement {
  key: string;
  kind: TransferInput['kind'];
  from: PlatformAccountKind | PlanAccount;
  to: PlatformAccountKind | PlanAccount;
  amount: string;
  referenceId: string;
  memo?: string | null;
  /** The admin who recorded it: the transfer's `user_id` too, a platform transfer having no investor. */
  recordedBy: string;
}

/**
 * Posts one platform movement, once per key. A plan's proceeds or the reserve fund going below zero fails on
 * `accounts_funding_nonnegative` and the caller's transaction rolls back whole (the event is handled again).
 */
export async function movePlatformMoney(trx: Knex.Transaction, movement: PlatformMovement): Promise<void> {
  const shared = sharedAccountIds(trx);
  await postTransfer(trx, {
    key: movement.key,
    kind: movement.kind,
    debitAccountId: await shared(movement.from),
    creditAccountId: await shared(movement.to),
    amount: movement.amount,
    userId: movement.recordedBy,
    referenceId: movement.referenceId,
    memo: movement.memo ?? null,
    createdBy: movement.recordedBy,
  });
}
