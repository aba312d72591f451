// The one way money moves: lock the user's wallet, post transfers, bump the version, publish the balances.
import { BadRequestError, emit, type Knex } from '@cropvest/service-kit';
import { bumpWalletVersion, isInsufficientFunds, lockWallet, platformAccountId, postTransfer, readBalances, type LockedWallet, type PlatformAccountKind, type TransferInput, type TransferRow, type UserAccountKind } from '../db/ledger.ts';
import { SOURCE } from './context.ts';

export const INSUFFICIENT_BALANCE = 'Insufficient balance';

/** A transfer between a user's account and another of theirs or a platform account. */
export interface Movement {
  key: string;
  kind: TransferInput['kind'];
  from: UserAccountKind | PlatformAccountKind;
  to: UserAccountKind | PlatformAccountKind;
  amount: string;
  referenceId?: string | null;
  memo?: string | null;
  createdBy?: string | null;
}

const isUserKind = (kind: string): kind is UserAccountKind => kind === 'available' || kind === 'hold' || kind === 'invested';

async function accountId(trx: Knex.Transaction, wallet: LockedWallet, kind: UserAccountKind | PlatformAccountKind): Promise<string> {
  return isUserKind(kind) ? wallet.accounts[kind].id : platformAccountId(trx, kind);
}

export interface MovementResult {
  transfers: { transfer: TransferRow; created: boolean }[];
  balances: Record<UserAccountKind, string>;
  version: number;
}

/**
 * Posts the movements for one user in the caller's transaction. Transfers whose key was already used move
 * nothing. A user account going below zero raises 400 'Insufficient balance'; the
 * caller's transaction (already aborted by Postgres) rolls back whole.
 */
export async function moveMoney(trx: Knex.Transaction, userId: string, movements: Movement[], meta: { actorId?: string | null; traceparent?: string | null } = {}): Promise<MovementResult> {
  const wallet = await lockWallet(trx, userId);
  const transfers: MovementResult['transfers'] = [];
  for (const movement of movements) {
    const input: TransferInput = {
      key: movement.key,
      kind: movement.kind,
      debitAccountId: await accountId(trx, wallet, movement.from),
      creditAccountId: await accountId(trx, wallet, movement.to),
      amount: movement.amount,
      userId,
      referenceId: movement.referenceId,
      memo: movement.memo,
      createdBy: movement.createdBy,
    };
    try {
      transfers.push(await postTransfer(trx, input));
    } catch (error) {
      if (isInsufficientFunds(error)) throw new BadRequestError(INSUFFICIENT_BALANCE, 'INSUFFICIENT_BALANCE');
      // numeric(18,8) holds at most 9,999,999,999.99999999 per account: refuse rather than fail with a 500.
      if ((error as { code?: string }).code === '22003') throw new BadRequestError('This amount would take a balance past the largest amount the ledger holds', 'AMOUNT_TOO_LARGE');
      throw error;
    }
  }
  const balances = await readBalances(trx, userId);
  let version = wallet.version;
  if (transfers.some((t) => t.created)) {
    version = await bumpWalletVersion(trx, userId);
    await emit(trx, 'wallet.balance_changed', { userId, ...balances, version }, { source: SOURCE, actorId: meta.actorId ?? null, subjectId: userId, traceparent: meta.traceparent ?? null });
  }
  return { transfers, balances, version };
}
