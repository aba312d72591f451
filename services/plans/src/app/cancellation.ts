// Four days to reconsider (issue 25 item 9, decision 0094): an investor cancels their own active investment
// until the end of the fourth calendar day (UTC) after the day they bought it, and gets the whole principal
// back, without interest. In one transaction: the conditional status change (the database's clock decides the
// window), the accruals deleted, the slots returned, and `investment.cancelled` in the outbox, which the wallet
// turns into invested -> available once per investment. The principal is still in `invested`: disbursement to
// the operator takes only principal whose window has ended (decision 0091).
import type { Investment } from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { ConflictError, NotFoundError } from '@cropvest/service-kit/errors';
import { ACCRUAL_LOCK_KEY } from '../db/accrual.ts';
import {
  cancellationState,
  deleteAccruals,
  findUserInvestment,
  markCancelled,
  releaseSlots,
} from '../db/investments.ts';
import { inTransaction, type PlansContext, type RequestMeta } from './context.ts';

const NOT_FOUND = 'Investment not found';

/** The refusal for an investment that exists but is no longer (or not yet) cancellable. */
function refusal(state: { status: string; cancellable_until: Date; window_open: boolean }): ConflictError {
  if (state.status === 'cancelled')
    return new ConflictError('This investment is already cancelled', 'INVESTMENT_ALREADY_CANCELLED');
  if (state.status === 'completed')
    return new ConflictError('This investment was harvested and cannot be cancelled', 'INVESTMENT_HARVESTED');
  if (state.status === 'pending')
    return new ConflictError(
      'This investment is still being paid; try again in a minute',
      'INVESTMENT_PENDING',
    );
  return new ConflictError(
    `The four days to reconsider ended at ${state.cancellable_until.toISOString()}; the investment stays locked until harvest`,
    'CANCELLATION_PERIOD_OVER',
  );
}

export async function cancelInvestment(
  ctx: PlansContext,
  user: AuthUser,
  investmentId: string,
  meta: RequestMeta,
): Promise<Investment> {
  await inTransaction(ctx, async (trx) => {
    // Shared with other cancels, exclusive with an accrual day or a harvest batch (which hold it alone): a day
    // being accrued finishes first and its accruals are deleted below; a later day sees the status.
    await trx.raw('SELECT pg_advisory_xact_lock_shared(?)', [ACCRUAL_LOCK_KEY]);
    const cancelled = await markCancelled(trx, investmentId, user.id);
    if (!cancelled) {
      const state = await cancellationState(trx, investmentId, user.id);
      // Someone else's investment, or a purchase whose payment failed, is nobody's business here.
      if (!state || state.status === 'failed') throw new NotFoundError(NOT_FOUND, 'INVESTMENT_NOT_FOUND');
      throw refusal(state);
    }
    await deleteAccruals(trx, cancelled.id);
    await releaseSlots(trx, cancelled.plan_id, cancelled.slots_purchased);
    await ctx.events.emit(
      trx,
      'investment.cancelled',
      {
        investmentId: cancelled.id,
        userId: cancelled.user_id,
        planId: cancelled.plan_id,
        planTitle: cancelled.plan_title,
        slotsPurchased: cancelled.slots_purchased,
        principal: cancelled.principal,
      },
      { actorId: user.id, subjectId: cancelled.id, traceparent: meta.traceparent },
    );
  });
  const investment = await findUserInvestment(ctx.db, investmentId, user.id);
  if (!investment) throw new NotFoundError(NOT_FOUND, 'INVESTMENT_NOT_FOUND');
  return investment;
}
