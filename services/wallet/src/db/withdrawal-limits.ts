// Withdrawal limits' rows (migration 015): the raises of an investor's limits, and the withdrawals a sliding window
// counts (pending and approved, requested in the last 30 days).
import type { LimitRaiseStatus, WithdrawalLimitRaise } from '@cropvest/contracts';
import type { Knex } from '@cropvest/service-kit/db';
import type { CountedWithdrawal, WindowLimits } from '../domain/withdrawal-limits.ts';

export interface LimitRaiseRow {
  id: string;
  user_id: string;
  daily_limit: string;
  monthly_limit: string;
  previous_daily_limit: string;
  previous_monthly_limit: string;
  reason: string;
  requires_second_approval: boolean;
  status: LimitRaiseStatus;
  requested_by: string;
  created_at: Date;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  rejection_reason: string | null;
}

/**
 * Serialises one investor's withdrawal requests from the limit check to the commit, so two requests that each fit
 * but together exceed a limit cannot both pass: the later one waits, then counts the earlier one. Its own class
 * keeps it apart from the other per-user advisory locks (migration 011's search lock).
 */
export const lockWithdrawalLimits = async (trx: Knex.Transaction, userId: string): Promise<void> => {
  await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('withdrawal_limits'), hashtext(?::text))`, [userId]);
};

/** The investor's withdrawals a limit counts: pending and approved, requested after `since`. */
export const countedWithdrawals = async (
  db: Knex | Knex.Transaction,
  userId: string,
  since: Date,
): Promise<CountedWithdrawal[]> =>
  (
    await db('withdrawals')
      .where({ user_id: userId })
      .whereIn('status', ['pending', 'approved'])
      .where('created_at', '>', since)
      .select<{ amount: string; created_at: Date }[]>('amount', 'created_at')
  ).map((row) => ({ amount: row.amount, createdAt: row.created_at }));

/** The limits of the investor's latest applied raise, or null. */
export async function raisedLimits(
  db: Knex | Knex.Transaction,
  userId: string,
): Promise<WindowLimits | null> {
  const row = (await db('withdrawal_limit_raises')
    .where({ user_id: userId, status: 'applied' })
    .orderBy([
      { column: 'reviewed_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first('daily_limit', 'monthly_limit')) as
    Pick<LimitRaiseRow, 'daily_limit' | 'monthly_limit'> | undefined;
  return row ? { day: row.daily_limit, month: row.monthly_limit } : null;
}

export const insertLimitRaise = async (
  trx: Knex.Transaction,
  row: Omit<LimitRaiseRow, 'created_at' | 'reviewed_by' | 'reviewed_at' | 'rejection_reason'> &
    Partial<Pick<LimitRaiseRow, 'reviewed_by' | 'reviewed_at'>>,
): Promise<LimitRaiseRow> =>
  (await trx<LimitRaiseRow>('withdrawal_limit_raises').insert(row).returning('*'))[0] as LimitRaiseRow;

/** Reads the row FOR UPDATE, so that two reviews of one raise run one after the other. */
export const lockLimitRaise = (trx: Knex.Transaction, id: string): Promise<LimitRaiseRow | undefined> =>
  trx<LimitRaiseRow>('withdrawal_limit_raises').where({ id }).forUpdate().first();

export const updateLimitRaise = async (
  trx: Knex.Transaction,
  id: string,
  changes: Record<string, unknown>,
): Promise<LimitRaiseRow> =>
  (
    await trx<LimitRaiseRow>('withdrawal_limit_raises').where({ id }).update(changes).returning('*')
  )[0] as LimitRaiseRow;

type NamedRaiseRow = LimitRaiseRow & { requester_name: string | null; reviewer_name: string | null };

const namedRaises = (db: Knex | Knex.Transaction) =>
  db('withdrawal_limit_raises as r')
    .leftJoin('users as requester', 'requester.id', 'r.requested_by')
    .leftJoin('users as reviewer', 'reviewer.id', 'r.reviewed_by')
    .select('r.*', 'requester.name as requester_name', 'reviewer.name as reviewer_name');

const toLimitRaise = (row: NamedRaiseRow): WithdrawalLimitRaise => ({
  id: row.id,
  userId: row.user_id,
  dailyLimit: row.daily_limit,
  monthlyLimit: row.monthly_limit,
  previousDailyLimit: row.previous_daily_limit,
  previousMonthlyLimit: row.previous_monthly_limit,
  reason: row.reason,
  requiresSecondApproval: row.requires_second_approval,
  status: row.status,
  requestedBy: row.requested_by,
  requestedByName: row.requester_name,
  reviewedBy: row.reviewed_by,
  reviewedByName: row.reviewed_by ? row.reviewer_name : null,
  rejectionReason: row.rejection_reason,
  createdAt: row.created_at.toISOString(),
  reviewedAt: row.reviewed_at?.toISOString() ?? null,
});

export async function findLimitRaise(db: Knex | Knex.Transaction, id: string): Promise<WithdrawalLimitRaise> {
  return toLimitRaise((await namedRaises(db).where('r.id', id).first()) as NamedRaiseRow);
}

/** The investor's latest raises, one awaiting a second approval first. */
export async function latestLimitRaises(
  db: Knex | Knex.Transaction,
  userId: string,
  count: number,
): Promise<WithdrawalLimitRaise[]> {
  const rows = (await namedRaises(db)
    .where('r.user_id', userId)
    .orderByRaw(`(r.status = 'awaiting_second_approval') DESC, r.created_at DESC, r.id DESC`)
    .limit(count)) as NamedRaiseRow[];
  return rows.map(toLimitRaise);
}

/** Whether the wallet's user directory knows `userId` as an investor. */
export const isKnownInvestor = async (db: Knex | Knex.Transaction, userId: string): Promise<boolean> =>
  Boolean(await db('users').where({ id: userId, role: 'investor' }).first('id'));
