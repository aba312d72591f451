// The investor's merged transaction history in one statement: deposits and withdrawals in every status, and
// the ledger transfers that move the available balance without a request row of their own (investments,
// harvest payouts and, under All, admin adjustments), joined with UNION ALL, newest first, paged in SQL. Each
// branch reads one user's rows through its (user_id, created_at) index.
import type { TransactionHistoryFilter, TransactionHistoryQuery } from '@cropvest/contracts';
import { pageOf, type Knex, type Page } from '@cropvest/service-kit';
import type { HistoryRow } from '../domain/history.ts';
import type { TransferKind } from './ledger.ts';

// Every branch selects the same columns in the same order: id, source, direction, amount, status, memo,
// wallet_address, txid, reference_id, created_at.

const deposits = (db: Knex, userId: string) =>
  db('deposits')
    .where({ user_id: userId })
    .select(
      'id',
      db.raw(`'deposit' AS source`),
      db.raw(`'in' AS direction`),
      'amount',
      'status',
      db.raw('NULL AS memo'),
      db.raw('NULL AS wallet_address'),
      'txid',
      db.raw('NULL AS reference_id'),
      'created_at',
    );

const withdrawals = (db: Knex, userId: string) =>
  db('withdrawals')
    .where({ user_id: userId })
    .select(
      'id',
      db.raw(`'withdrawal' AS source`),
      db.raw(`'out' AS direction`),
      'amount',
      'status',
      db.raw('NULL AS memo'),
      'wallet_address',
      'txid',
      db.raw('NULL AS reference_id'),
      'created_at',
    );

/** Ledger movements: in when the user's available account is credited, out when it is debited. */
const transfers = (db: Knex, userId: string, kinds: TransferKind[]) =>
  db('transfers as t')
    .join('accounts as a', (on) => void on.on('a.user_id', 't.user_id').andOnVal('a.kind', 'available'))
    .where('t.user_id', userId)
    .whereIn('t.kind', kinds)
    .select(
      't.id',
      't.kind as source',
      db.raw(`CASE WHEN t.credit_account_id = a.id THEN 'in' ELSE 'out' END AS direction`),
      't.amount',
      db.raw(`'completed' AS status`),
      't.memo',
      db.raw('NULL AS wallet_address'),
      db.raw('NULL AS txid'),
      't.reference_id',
      't.created_at',
    );

const INVESTMENT_KINDS: TransferKind[] = ['investment', 'harvest_principal', 'harvest_interest'];

/** The branches behind each tab of the screen; harvest payouts belong to the investments. */
const BRANCHES: Record<TransactionHistoryFilter, (db: Knex, userId: string) => Knex.QueryBuilder[]> = {
  all: (db, userId) => [
    deposits(db, userId),
    withdrawals(db, userId),
    transfers(db, userId, [...INVESTMENT_KINDS, 'adjustment']),
  ],
  investments: (db, userId) => [transfers(db, userId, INVESTMENT_KINDS)],
  deposits: (db, userId) => [deposits(db, userId)],
  withdrawals: (db, userId) => [withdrawals(db, userId)],
};

export const listHistory = (
  db: Knex,
  userId: string,
  query: TransactionHistoryQuery,
): Promise<Page<HistoryRow>> =>
  pageOf(
    db
      .select('*')
      .from(db.unionAll(BRANCHES[query.type](db, userId), true).as('h'))
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]),
    query,
  );
