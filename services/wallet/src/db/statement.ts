// Reads for the account statement, all inside one repeatable-read snapshot so that the opening balance, the
// closing balance and every line come from the same moment of the ledger.
import { keysetPages, type Knex } from '@cropvest/service-kit/db';
import type { LedgerLine } from '../domain/statement.ts';

export interface StatementBounds {
  /** The user's available account, or null when they have never had a wallet. */
  accountId: string | null;
  /** The last entry before the period (0 when none) and the balance right after it. */
  openingId: number;
  opening: string;
  /** The last entry before the end of the period (0 when none) and the balance right after it. */
  closingId: number;
  closing: string;
  /** The snapshot's time (the transaction's start). */
  takenAt: Date;
  holder: { name: string; email: string } | null;
}

const ZERO = '0.00000000';

/**
 * The last entry, in ledger order, created before `before`. Ledger order (the entry id) is the order of the
 * running balance: every movement of a user holds their wallet lock, so their entries commit in id order. The
 * creation time is the transaction's start and may lag a later id by the wait for that lock, so a period is
 * cut at an id: the lines of a period are exactly the entries after its opening entry up to its closing entry,
 * which makes opening + lines = closing always hold and consecutive periods meet without a gap or an overlap.
 * Walks the (account_id, id) index backwards from the newest entry until one is old enough.
 */
async function lastEntryBefore(
  trx: Knex.Transaction,
  accountId: string,
  before: Date,
): Promise<{ id: number; balance: string }> {
  const row = (await trx('ledger_entries')
    .where('account_id', accountId)
    .andWhere('created_at', '<', before)
    .orderBy('id', 'desc')
    .first('id', 'balance_after')) as { id: number; balance_after: string } | undefined;
  return row ? { id: row.id, balance: row.balance_after } : { id: 0, balance: ZERO };
}

export async function readStatementBounds(
  trx: Knex.Transaction,
  userId: string,
  period: { start: Date; end: Date },
): Promise<StatementBounds> {
  const [account, holder, clock] = await Promise.all([
    trx('accounts').where({ user_id: userId, kind: 'available' }).first('id') as Promise<
      { id: string } | undefined
    >,
    trx('users').where({ id: userId }).first('name', 'email') as Promise<
      { name: string; email: string } | undefined
    >,
    trx.first(trx.raw('now() AS taken_at')) as Promise<{ taken_at: Date }>,
  ]);
  const takenAt = clock.taken_at;
  if (!account)
    return {
      accountId: null,
      openingId: 0,
      opening: ZERO,
      closingId: 0,
      closing: ZERO,
      takenAt,
      holder: holder ?? null,
    };
  const opening = await lastEntryBefore(trx, account.id, period.start);
  const closing = await lastEntryBefore(trx, account.id, period.end);
  return {
    accountId: account.id,
    openingId: opening.id,
    opening: opening.balance,
    closingId: closing.id,
    closing: closing.balance,
    takenAt,
    holder: holder ?? null,
  };
}

/**
 * The entries after `afterId` up to `throughId` of one account, oldest first, with their transfer's kind,
 * reference and memo. Read in keyset pages of `batchSize` (no pg cursor library is installed), so memory
 * holds one page at a time whatever the length of the period.
 */
export async function* ledgerLines(
  trx: Knex.Transaction,
  accountId: string,
  afterId: number,
  throughId: number,
  batchSize: number,
): AsyncGenerator<LedgerLine> {
  const pages = keysetPages(
    async (after: number | undefined) =>
      (await trx('ledger_entries as e')
        .join('transfers as t', 't.id', 'e.transfer_id')
        .where('e.account_id', accountId)
        .andWhere('e.id', '>', after ?? afterId)
        .andWhere('e.id', '<=', throughId)
        .orderBy('e.id')
        .limit(batchSize)
        .select(
          'e.id',
          'e.created_at',
          'e.amount',
          'e.balance_after',
          't.kind',
          't.reference_id',
          't.memo',
        )) as {
        id: number;
        created_at: Date;
        amount: string;
        balance_after: string;
        kind: LedgerLine['kind'];
        reference_id: string | null;
        memo: string | null;
      }[],
    (row) => row.id,
    batchSize,
  );
  for await (const rows of pages)
    for (const row of rows)
      yield {
        id: row.id,
        createdAt: row.created_at,
        kind: row.kind,
        referenceId: row.reference_id,
        memo: row.memo,
        amount: row.amount,
        balanceAfter: row.balance_after,
      };
}
