// The investor's merged transaction history in one statement: deposits and withdrawals in every status, the
// ledger transfers that move the available balance without a request row of their own (investments, harvest
// payouts and, under All, admin adjustments) and the realised losses of harvests settled short (which move no
// money, docs/decisions/0096), joined with UNION ALL, newest first, paged in SQL. Each branch reads one user's
// rows through its (user_id, created_at) index.
import type {
  TransactionHistoryFilter,
  TransactionHistoryItem,
  TransactionHistoryQuery,
} from '@cropvest/contracts';
import { pageOf, type Knex, type Page } from '@cropvest/service-kit/db';
import type { TransferKind } from '../domain/transfer-kind.ts';

/** What a row comes from: a deposit or withdrawal request, or a ledger transfer that has no request row. */
export type HistorySource =
  | 'deposit'
  | 'withdrawal'
  | 'investment'
  | 'investment_cancel'
  | 'harvest_principal'
  | 'harvest_interest'
  | 'adjustment'
  | 'realised_loss';

/** One row of the merged history as the query reads it. */
export interface HistoryRow {
  id: string;
  source: HistorySource;
  direction: TransactionHistoryItem['direction'];
  amount: string;
  status: TransactionHistoryItem['status'];
  /**
   * An investment's "<plan title> · <n> slots", a harvest payout's or a realised loss's plan title, an
   * adjustment's reason.
   */
  memo: string | null;
  wallet_address: string | null;
  txid: string | null;
  /** The investment a ledger transfer or a realised loss belongs to. */
  reference_id: string | null;
  created_at: Date;
}

const withTitle = (memo: string | null, text: string) => (memo ? `${memo} · ${text}` : text);
const withReason = (reason: string | null) =>
  reason ? `Balance adjustment: ${reason}` : 'Balance adjustment';

// How each row reads. `direction` says which way the money went through the available balance; the screen
// signs by it (docs/decisions/0108-history-signs-by-direction.md).
function wording(row: HistoryRow): Pick<TransactionHistoryItem, 'type' | 'description' | 'reference'> {
  switch (row.source) {
    case 'deposit':
      return { type: 'deposit', description: 'Deposit', reference: row.txid };
    case 'withdrawal':
      return {
        type: 'withdrawal',
        description: `Withdrawal to ${row.wallet_address}`,
        reference: row.wallet_address,
      };
    case 'investment':
      return { type: 'investment', description: row.memo ?? 'Investment', reference: row.reference_id };
    case 'investment_cancel':
      return {
        type: 'investment',
        description: withTitle(row.memo, 'Investment cancelled (principal returned)'),
        reference: row.reference_id,
      };
    case 'harvest_principal':
      return {
        type: 'harvest',
        description: withTitle(row.memo, 'Harvest payout (principal)'),
        reference: row.reference_id,
      };
    case 'harvest_interest':
      return {
        type: 'harvest',
        description: withTitle(row.memo, 'Harvest payout (interest)'),
        reference: row.reference_id,
      };
    case 'adjustment':
      // The ledger's memo is the admin's reason; the direction is the transfer's.
      return {
        type: 'adjustment',
        description: withReason(row.memo),
        reference: null,
      };
    case 'realised_loss':
      return {
        type: 'realised_loss',
        description: withTitle(row.memo, 'Realised loss: due at harvest, not paid (settled short)'),
        reference: row.reference_id,
      };
  }
}

export const toHistoryItem = (row: HistoryRow): TransactionHistoryItem => ({
  id: row.id,
  ...wording(row),
  direction: row.direction,
  amount: row.amount,
  status: row.status,
  createdAt: row.created_at.toISOString(),
});

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
      // An investment is active (its money growing in the plan) until its harvest pays it back, it is
      // cancelled or a harvest settled short records its loss; then its movement is completed.
      db.raw(
        `CASE WHEN t.kind = 'investment' AND NOT EXISTS (
           SELECT 1 FROM transfers s WHERE s.user_id = t.user_id AND s.reference_id = t.reference_id
             AND s.kind IN ('harvest_principal', 'investment_cancel')
         ) AND NOT EXISTS (
           SELECT 1 FROM realised_losses l WHERE l.user_id = t.user_id AND l.investment_id::text = t.reference_id
         ) THEN 'active' ELSE 'completed' END AS status`,
      ),
      't.memo',
      db.raw('NULL AS wallet_address'),
      db.raw('NULL AS txid'),
      't.reference_id',
      't.created_at',
    );

/** What harvests settled short did not pay: no money moved (direction none), one row per investment. */
const realisedLosses = (db: Knex, userId: string) =>
  db('realised_losses')
    .where({ user_id: userId })
    .select(
      'investment_id as id',
      db.raw(`'realised_loss' AS source`),
      db.raw(`'none' AS direction`),
      'amount',
      db.raw(`'completed' AS status`),
      'plan_title as memo',
      db.raw('NULL AS wallet_address'),
      db.raw('NULL AS txid'),
      db.raw('investment_id::text AS reference_id'),
      'created_at',
    );

const INVESTMENT_KINDS: TransferKind[] = [
  'investment',
  'investment_cancel',
  'harvest_principal',
  'harvest_interest',
];

/** The branches behind each tab of the screen; harvest payouts and realised losses belong to the investments. */
const BRANCHES: Record<TransactionHistoryFilter, (db: Knex, userId: string) => Knex.QueryBuilder[]> = {
  all: (db, userId) => [
    deposits(db, userId),
    withdrawals(db, userId),
    transfers(db, userId, [...INVESTMENT_KINDS, 'adjustment']),
    realisedLosses(db, userId),
  ],
  investments: (db, userId) => [transfers(db, userId, INVESTMENT_KINDS), realisedLosses(db, userId)],
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
