// Withdrawal limits (issue 26, docs/decisions/0099-withdrawal-limits.md): sliding 24-hour and 30-day limits per
// investor by KYC level, from the System Settings section `withdrawalLimits` (identity's `settings.updated`); a
// request over a limit is refused naming what remains in each window. Admins raise one investor's limits with a
// reason, audited, under the four-eyes rule of docs/decisions/0060-four-eyes-approval.md.
import { v7 as uuidv7 } from 'uuid';
import {
  DEFAULT_WITHDRAWAL_LIMITS,
  DEFAULT_SETTINGS,
  compareAmounts,
  readableAmount,
  WITHDRAWAL_LIMIT_CODE,
  withdrawalLimitMessage,
  type AdminWithdrawalLimits,
  type WithdrawalLimitRaise,
  type WithdrawalLimitRaiseRequest,
  type WithdrawalLimitRaiseStatusUpdate,
  type WithdrawalLimits,
  type WithdrawalLimitSettings,
} from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { type ServiceEvents } from '@cropvest/service-kit/bus';
import { type Knex } from '@cropvest/service-kit/db';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '@cropvest/service-kit/errors';
import {
  fitsWithinLimits,
  isRaise,
  kycLevelOf,
  levelLimits,
  limitsInForce,
  limitWindow,
  raiseNeedsTwoAdmins,
  windowStart,
  type WindowLimits,
} from '../domain/withdrawal-limits.ts';
import {
  countedWithdrawals,
  findLimitRaise,
  insertLimitRaise,
  isKnownInvestor,
  latestLimitRaises,
  lockLimitRaise,
  lockWithdrawalLimits,
  raisedLimits,
  updateLimitRaise,
  type LimitRaiseRow,
} from '../db/withdrawal-limits.ts';
import { kycStatusOf, readSetting } from '../db/projections.ts';
import { readBalances } from '../db/ledger.ts';
import { INSUFFICIENT_BALANCE } from './movements.ts';
import { fourEyesRule, refuseSameApprover, SECOND_APPROVAL_THRESHOLD_SETTING } from './four-eyes.ts';
import { inTransaction, type RequestMeta, type WalletContext } from './context.ts';

/** The settings projection's key for the section (written by the `settings.updated` subscription). */
export const WITHDRAWAL_LIMITS_SETTING = 'withdrawalLimits';
/** How many of an investor's raises the admin user page lists. */
export const LISTED_RAISES = 5;

export const SAME_APPROVER_MESSAGE =
  'This raise of the withdrawal limits needs a second approval from a different admin; you requested it.';

const limitSettings = async (db: Knex | Knex.Transaction): Promise<WithdrawalLimitSettings> =>
  (await readSetting<WithdrawalLimitSettings>(db as Knex, WITHDRAWAL_LIMITS_SETTING)) ??
  DEFAULT_WITHDRAWAL_LIMITS;

/** The investor's limits in force (without the windows' usage). */
async function currentLimits(db: Knex | Knex.Transaction, userId: string) {
  const level = kycLevelOf(await kycStatusOf(db as Knex, userId));
  const raised = await raisedLimits(db, userId);
  const limits = limitsInForce(levelLimits(await limitSettings(db), level), raised);
  return { level, raised, limits };
}

/** The investor's limits and both windows' usage at `now`. */
async function limitsOf(
  db: Knex | Knex.Transaction,
  userId: string,
  now = new Date(),
): Promise<WithdrawalLimits> {
  const { level, raised, limits } = await currentLimits(db, userId);
  const counted = await countedWithdrawals(db, userId, windowStart('month', now));
  return {
    kycLevel: level,
    raised: raised !== null,
    day: limitWindow('day', limits.day, counted, now),
    month: limitWindow('month', limits.month, counted, now),
  };
}

export const myWithdrawalLimits = (ctx: WalletContext, user: AuthUser): Promise<WithdrawalLimits> =>
  limitsOf(ctx.db, user.id);

/**
 * Called first in a withdrawal request's transaction: waits for the investor's other requests to commit, then
 * refuses (409 WITHDRAWAL_LIMIT, the amount field named) an amount over what remains in either window. An amount the
 * available balance cannot pay is refused for that first, as the hold would refuse it (400 Insufficient balance):
 * the balance is the plainer reason, and the limit counts only money that could leave.
 */
export async function refuseOverWithdrawalLimits(
  trx: Knex.Transaction,
  userId: string,
  amount: string,
): Promise<void> {
  await lockWithdrawalLimits(trx, userId);
  if (compareAmounts(amount, (await readBalances(trx, userId)).available) > 0)
    throw new BadRequestError(INSUFFICIENT_BALANCE, 'INSUFFICIENT_BALANCE');
  const limits = await limitsOf(trx, userId);
  if (fitsWithinLimits(amount, limits)) return;
  const message = withdrawalLimitMessage(limits);
  throw new AppError(409, WITHDRAWAL_LIMIT_CODE, message, [{ path: 'amount', message }]);
}

async function requireInvestor(db: Knex, userId: string): Promise<void> {
  if (!(await isKnownInvestor(db, userId)))
    throw new NotFoundError('No investor has this id', 'INVESTOR_NOT_FOUND');
}

export async function adminWithdrawalLimits(
  ctx: WalletContext,
  userId: string,
): Promise<AdminWithdrawalLimits> {
  await requireInvestor(ctx.db, userId);
  const [limits, raises, threshold] = await Promise.all([
    limitsOf(ctx.db, userId),
    latestLimitRaises(ctx.db, userId, LISTED_RAISES),
    readSetting<string>(ctx.db, SECOND_APPROVAL_THRESHOLD_SETTING),
  ]);
  return {
    userId,
    limits,
    raises,
    secondApprovalThreshold: threshold ?? DEFAULT_SETTINGS.security.secondApprovalThreshold,
  };
}

/** Serialises raises and reviews of one investor's limits (a held raise and a new one must not cross). */
const lockRaises = async (trx: Knex.Transaction, userId: string): Promise<void> => {
  await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('withdrawal_limit_raises'), hashtext(?::text))`, [
    userId,
  ]);
};

const auditRaise = (
  events: ServiceEvents,
  trx: Knex.Transaction,
  adminId: string,
  row: LimitRaiseRow,
  meta: RequestMeta,
  step: Record<string, unknown>,
) =>
  events.audit(
    trx,
    {
      adminId,
      action: row.status === 'rejected' ? 'withdrawal_limit_raise_reject' : 'withdrawal_limit_raise',
      targetId: row.user_id,
      targetType: 'user',
      details: {
        raiseId: row.id,
        from: { dailyLimit: row.previous_daily_limit, monthlyLimit: row.previous_monthly_limit },
        to: { dailyLimit: row.daily_limit, monthlyLimit: row.monthly_limit },
        reason: row.reason,
        status: row.status,
        ...step,
      },
      ipAddress: meta.ip,
    },
    meta.traceparent,
  );

/** A raise that took effect is told to the investor (issue 26 item 8): limits are part of the account's protection. */
const announceRaise = (
  events: ServiceEvents,
  trx: Knex.Transaction,
  adminId: string,
  row: LimitRaiseRow,
  meta: RequestMeta,
) =>
  events.emit(
    trx,
    'withdrawal_limits.raised',
    {
      userId: row.user_id,
      raiseId: row.id,
      dailyLimit: row.daily_limit,
      monthlyLimit: row.monthly_limit,
      previousDailyLimit: row.previous_daily_limit,
      previousMonthlyLimit: row.previous_monthly_limit,
    },
    { actorId: adminId, subjectId: row.user_id, traceparent: meta.traceparent },
  );

/**
 * An admin raises one investor's limits. Each new limit must be at least the one in force and one above it. Below
 * the threshold (each window's increase) it applies at once; at or above it the request is the first approval,
 * audited, and applies nothing until a different admin approves it. One raise at most waits per investor.
 */
export async function raiseWithdrawalLimits(
  ctx: WalletContext,
  admin: AuthUser,
  userId: string,
  input: WithdrawalLimitRaiseRequest,
  meta: RequestMeta,
): Promise<WithdrawalLimitRaise> {
  await requireInvestor(ctx.db, userId);
  const needsTwoAdmins = await fourEyesRule(ctx.db);
  const requested: WindowLimits = { day: input.dailyLimit, month: input.monthlyLimit };
  return inTransaction(ctx, async (trx) => {
    await lockRaises(trx, userId);
    if (
      await trx('withdrawal_limit_raises')
        .where({ user_id: userId, status: 'awaiting_second_approval' })
        .first('id')
    )
      throw new ConflictError(
        'A raise of this investor’s withdrawal limits already awaits a second approval; approve or reject it first',
        'RAISE_PENDING',
      );
    const { limits } = await currentLimits(trx, userId);
    if (!isRaise(limits, requested))
      throw new ConflictError(
        `A raise must lift at least one limit and lower none: the limits now are ${readableAmount(limits.day)} USDT for 24 hours and ${readableAmount(limits.month)} USDT for 30 days`,
        'NOT_A_RAISE',
      );
    const held = raiseNeedsTwoAdmins(limits, requested, needsTwoAdmins);
    const row = await insertLimitRaise(trx, {
      id: uuidv7(),
      user_id: userId,
      daily_limit: requested.day,
      monthly_limit: requested.month,
      previous_daily_limit: limits.day,
      previous_monthly_limit: limits.month,
      reason: input.reason,
      requires_second_approval: held,
      status: held ? 'awaiting_second_approval' : 'applied',
      requested_by: admin.id,
      ...(held ? {} : { reviewed_by: admin.id, reviewed_at: new Date() }),
    });
    await auditRaise(ctx.events, trx, admin.id, row, meta, held ? { step: 'first approval' } : {});
    if (!held) await announceRaise(ctx.events, trx, admin.id, row, meta);
    return findLimitRaise(trx, row.id);
  });
}

/** A second admin approves a held raise (it applies at once) or any admin rejects it; each audited. */
export async function reviewLimitRaise(
  ctx: WalletContext,
  admin: AuthUser,
  id: string,
  review: WithdrawalLimitRaiseStatusUpdate,
  meta: RequestMeta,
): Promise<WithdrawalLimitRaise> {
  return inTransaction(ctx, async (trx) => {
    const held = await lockLimitRaise(trx, id);
    if (!held) throw new NotFoundError('Withdrawal limit raise not found', 'RAISE_NOT_FOUND');
    if (held.status !== 'awaiting_second_approval')
      throw new ConflictError('This raise was already reviewed', 'ALREADY_REVIEWED');
    if (review.status === 'approved') refuseSameApprover(held.requested_by, admin, SAME_APPROVER_MESSAGE);
    const row = await updateLimitRaise(trx, id, {
      status: review.status === 'approved' ? 'applied' : 'rejected',
      reviewed_by: admin.id,
      reviewed_at: trx.fn.now(),
      rejection_reason: review.status === 'rejected' ? review.rejectionReason : null,
    });
    await auditRaise(ctx.events, trx, admin.id, row, meta, {
      step: 'second approval',
      requestedBy: row.requested_by,
      ...(row.rejection_reason ? { rejectionReason: row.rejection_reason } : {}),
    });
    if (row.status === 'applied') await announceRaise(ctx.events, trx, admin.id, row, meta);
    return findLimitRaise(trx, id);
  });
}
