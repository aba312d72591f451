// Settling a funded plan whose proceeds do not cover its payout (docs/decisions/0091-funded-payouts.md): one
// admin proposes, a different admin approves, always (it decides what investors receive). Approving pays in full
// once covered, postpones to a later day, shares what the plan holds pro rata, or closes the plan as failed.
import { v7 as uuidv7 } from 'uuid';
import { MoneyDecimal, type Settlement, type SettlementRequest } from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { type ServiceEvents } from '@cropvest/service-kit/bus';
import { type Knex } from '@cropvest/service-kit/db';
import { BadRequestError, ConflictError, NotFoundError } from '@cropvest/service-kit/errors';
import { shareProRata } from '../domain/shares.ts';
import { toSettlement, type FundingPlanRow, type SettlementRow } from '../db/funding.ts';
import { availableOf, lockFundingPlan } from '../db/funding-writes.ts';
import { harvestRipePlans } from './accrual.ts';
import { inTransaction, type PlansContext, type RequestMeta } from './context.ts';

const UTC_TODAY = () => new Date().toISOString().slice(0, 10);

async function lockPlanAwaitingSettlement(trx: Knex.Transaction, planId: string): Promise<FundingPlanRow> {
  const plan = await lockFundingPlan(trx, planId);
  if (!plan) throw new NotFoundError('Plan not found', 'PLAN_NOT_FOUND');
  if (plan.payout_status !== 'settlement_needed')
    throw new ConflictError('This plan is not waiting for a settlement', 'NOT_AWAITING_SETTLEMENT');
  return plan;
}

/** The first admin's proposal; one at a time per plan. */
export async function proposeSettlement(
  ctx: PlansContext,
  admin: AuthUser,
  planId: string,
  input: SettlementRequest,
  meta: RequestMeta,
): Promise<Settlement> {
  if (input.action === 'postpone' && input.until <= UTC_TODAY())
    throw new BadRequestError('A payout can only be postponed to a later day', 'POSTPONE_NOT_LATER');
  return inTransaction(ctx, async (trx) => {
    await lockPlanAwaitingSettlement(trx, planId);
    const pending = await trx('plan_settlements')
      .where({ plan_id: planId, status: 'awaiting_second_approval' })
      .first('id');
    if (pending)
      throw new ConflictError(
        'A settlement of this plan already awaits a second admin: approve or reject it first',
        'SETTLEMENT_PENDING',
      );
    const [row] = await trx('plan_settlements')
      .insert({
        id: uuidv7(),
        plan_id: planId,
        action: input.action,
        until: input.action === 'postpone' ? input.until : null,
        report: input.action === 'fail' ? input.report : null,
        status: 'awaiting_second_approval',
        requested_by: admin.id,
      })
      .returning<SettlementRow[]>(['*', trx.raw(`to_char(until, 'YYYY-MM-DD') AS until`)]);
    const settlement = toSettlement(row as SettlementRow);
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: 'plan_settle',
        targetId: planId,
        targetType: 'plan',
        details: { settlement },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
    return settlement;
  });
}

interface OwedRow {
  id: string;
  user_id: string;
  due: string;
}

/** Each active investment's due from the plan's proceeds (disbursed principal + interest), oldest first. */
const owedFromProceeds = async (trx: Knex.Transaction, planId: string): Promise<OwedRow[]> =>
  (
    await trx.raw<{ rows: OwedRow[] }>(
      `SELECT i.id, i.user_id, (i.disbursed_principal + coalesce(sum(a.amount), 0))::text AS due
         FROM investments i LEFT JOIN accruals a ON a.investment_id = i.id
        WHERE i.plan_id = ? AND i.status = 'active'
        GROUP BY i.id ORDER BY i.created_at, i.id`,
      [planId],
    )
  ).rows;

/**
 * Pro rata: what the plan holds is shared over what each investment is due from proceeds (largest remainder);
 * the rest of each due is its shortfall, the realised loss the investor sees. Principal never disbursed comes
 * back in full from invested at the harvest.
 */
async function shareWhatIsHeld(trx: Knex.Transaction, plan: FundingPlanRow): Promise<void> {
  const owed = await owedFromProceeds(trx, plan.id);
  const totalDue = owed.reduce((sum, row) => sum.plus(row.due), new MoneyDecimal(0));
  const payable = MoneyDecimal.min(availableOf(plan), totalDue).toFixed(8);
  const shares = shareProRata(
    payable,
    owed.map((row) => row.due),
  );
  await trx.raw(
    `UPDATE investments i SET shortfall = v.due - v.paid
       FROM unnest(?::uuid[], ?::numeric[], ?::numeric[]) AS v(id, due, paid) WHERE i.id = v.id`,
    [owed.map((row) => row.id), owed.map((row) => row.due), shares],
  );
}

async function carryOut(
  events: ServiceEvents,
  trx: Knex.Transaction,
  plan: FundingPlanRow,
  settlement: SettlementRow,
  admin: AuthUser,
  meta: RequestMeta,
): Promise<void> {
  switch (settlement.action) {
    case 'pay_covered': {
      const owed = await owedFromProceeds(trx, plan.id);
      const due = owed.reduce((sum, row) => sum.plus(row.due), new MoneyDecimal(0));
      if (due.greaterThan(availableOf(plan)))
        throw new ConflictError(
          `The plan holds ${availableOf(plan).toFixed(8)} of ${due.toFixed(8)} due: allocate reserve first, or settle pro rata`,
          'NOT_COVERED',
        );
      await trx('plans').where({ id: plan.id }).update({ payout_status: 'paying', updated_at: trx.fn.now() });
      return;
    }
    case 'postpone': {
      await trx('plans').where({ id: plan.id }).update({
        payout_status: 'postponed',
        payout_postponed_to: settlement.until,
        updated_at: trx.fn.now(),
      });
      const users = await trx('investments')
        .where({ plan_id: plan.id, status: 'active' })
        .distinct('user_id')
        .pluck<string[]>('user_id');
      await events.emitMany(
        trx,
        'plan.payout_postponed',
        users.map((userId) => ({
          data: { planId: plan.id, planTitle: plan.title, until: settlement.until as string, userId },
          meta: { actorId: admin.id, subjectId: plan.id, traceparent: meta.traceparent },
        })),
      );
      return;
    }
    case 'pro_rata':
    case 'fail':
      await shareWhatIsHeld(trx, plan);
      await trx('plans')
        .where({ id: plan.id })
        .update({
          payout_status: settlement.action === 'fail' ? 'failed' : 'settled',
          failure_report: settlement.report,
          updated_at: trx.fn.now(),
        });
  }
}

/**
 * The second admin's decision. The plan's row lock serialises two admins deciding at once: the first wins,
 * the other finds it decided (409 ALREADY_DECIDED). An approved settlement that pays is paid at once by an
 * accrual run (the daily run would otherwise pay it).
 */
export async function decideSettlement(
  ctx: PlansContext,
  admin: AuthUser,
  settlementId: string,
  approve: boolean,
  meta: RequestMeta,
): Promise<Settlement> {
  const settlement = await inTransaction(ctx, async (trx) => {
    const proposal = await trx<SettlementRow>('plan_settlements')
      .where({ id: settlementId })
      .first('plan_id');
    if (!proposal) throw new NotFoundError('Settlement not found', 'SETTLEMENT_NOT_FOUND');
    // The plan's row lock first: two decisions on one plan wait for each other here.
    await lockFundingPlan(trx, proposal.plan_id);
    const current = await trx('plan_settlements')
      .where({ id: settlementId })
      .first<SettlementRow>('*', trx.raw(`to_char(until, 'YYYY-MM-DD') AS until`));
    if (current.status !== 'awaiting_second_approval')
      throw new ConflictError('This settlement was already decided', 'ALREADY_DECIDED');
    if (current.requested_by === admin.id)
      throw new ConflictError('A different admin must approve or reject this settlement', 'SAME_APPROVER');
    if (approve)
      await carryOut(
        ctx.events,
        trx,
        await lockPlanAwaitingSettlement(trx, proposal.plan_id),
        current,
        admin,
        meta,
      );
    const [row] = await trx('plan_settlements')
      .where({ id: settlementId })
      .update({ status: approve ? 'approved' : 'rejected', approved_by: admin.id, decided_at: trx.fn.now() })
      .returning<SettlementRow[]>(['*', trx.raw(`to_char(until, 'YYYY-MM-DD') AS until`)]);
    const decided = toSettlement(row as SettlementRow);
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: 'plan_settle_approve',
        targetId: decided.planId,
        targetType: 'plan',
        details: { settlement: decided, approved: approve },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
    return decided;
  });
  if (approve && settlement.action !== 'postpone')
    await harvestRipePlans(ctx).catch((error: unknown) =>
      ctx.logger.error({ err: error, settlementId }, 'the settled payout waits for the next accrual run'),
    );
  return settlement;
}
