// An admin's records of a plan's money (docs/decisions/0091-funded-payouts.md): principal disbursed to the
// operator, proceeds received, the reserve fund's contributions and allocations. Each is a row here, an audit
// entry, and an event the wallet moves the money from, all in one transaction.
import { v7 as uuidv7 } from 'uuid';
import {
  compareAmounts,
  DEFAULT_SETTINGS,
  MoneyDecimal,
  type Disbursement,
  type DisbursementRequest,
  type FundingTransferKind,
  type NetworkType,
  type PageQuery,
  type PlanDisbursement,
  type ProceedsReceipt,
  type ProceedsRequest,
  type ReserveAllocation,
  type ReserveAllocationRequest,
  type ReserveContribution,
  type ReserveContributionRequest,
} from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { type ServiceEvents } from '@cropvest/service-kit/bus';
import { type Knex, type Page } from '@cropvest/service-kit/db';
import { BadRequestError, ConflictError, NotFoundError } from '@cropvest/service-kit/errors';
import { shareProRata } from '../domain/shares.ts';
import {
  pageDisbursements,
  reserveFund,
  RESERVE_LOCK_KEY,
  toAllocation,
  toContribution,
  toDisbursement,
  toPlanDisbursement,
  toProceeds,
  type AllocationRow,
  type ContributionRow,
  type DisbursementRow,
  type FundingPlanRow,
  type ProceedsRow,
} from '../db/funding.ts';
import { addDisbursed, lockDisbursable, lockFundingPlan } from '../db/funding-writes.ts';
import { readSetting, SECOND_APPROVAL_THRESHOLD_SETTING } from '../db/projections.ts';
import { FUNDING_TRANSFER_TABLES } from '../db/migrations/014_funding_chain_checks.ts';
import { inTransaction, type PlansContext, type RequestMeta } from './context.ts';
import { visiblePlan } from './plans.ts';

/** `GET /api/plans/:id/disbursements`: when the plan's principal went to its operator, for whoever may read the plan. */
export async function planDisbursements(
  ctx: PlansContext,
  user: AuthUser | undefined,
  planId: string,
  query: PageQuery,
): Promise<Page<PlanDisbursement>> {
  await visiblePlan(ctx, planId, user);
  const page = await pageDisbursements(ctx.db, planId, query);
  return { items: page.items.map(toPlanDisbursement), total: page.total };
}

/** A plan whose money may still be recorded: funded, not closed. */
export async function lockOpenFundedPlan(trx: Knex.Transaction, planId: string): Promise<FundingPlanRow> {
  const plan = await lockFundingPlan(trx, planId);
  if (!plan) throw new NotFoundError('Plan not found', 'PLAN_NOT_FOUND');
  if (plan.funding_model === 'legacy')
    throw new ConflictError(
      'This plan was created before funded payouts and is paid as before; its money is not recorded here',
      'LEGACY_PLAN',
    );
  if (plan.payout_status === 'settled' || plan.payout_status === 'failed')
    throw new ConflictError('This plan is closed: its payout was settled', 'PLAN_CLOSED');
  return plan;
}

/** Whether an amount needs a second admin under the security settings' `secondApprovalThreshold`. */
export async function needsSecondApproval(db: Knex, amount: string): Promise<boolean> {
  const threshold =
    (await readSetting<string>(db, SECOND_APPROVAL_THRESHOLD_SETTING)) ??
    DEFAULT_SETTINGS.security.secondApprovalThreshold;
  return compareAmounts(amount, threshold) >= 0;
}

const txidTaken = (error: unknown) =>
  (error as { code?: string }).code === '23505' &&
  /_txid$/.test((error as { constraint?: string }).constraint ?? '');

/**
 * Inserts a record of platform money; a transaction id already backing another record is a 409. A record naming its
 * on-chain transfer asks the chain service to verify it (decision 0095); without one there is nothing to verify.
 */
async function insertRecord<T>(
  events: ServiceEvents,
  trx: Knex.Transaction,
  kind: FundingTransferKind,
  row: Record<string, unknown> & {
    id: string;
    amount: string;
    network: NetworkType | null;
    txid: string | null;
  },
  meta: { actorId: string; traceparent: string | null },
): Promise<T> {
  let inserted: T;
  try {
    [inserted] = await trx(FUNDING_TRANSFER_TABLES[kind])
      .insert({ ...row, chain_status: row.txid ? 'checking' : 'no_txid' })
      .returning('*');
  } catch (error) {
    if (txidTaken(error))
      throw new ConflictError('This transaction id already backs another record', 'TXID_ALREADY_RECORDED');
    throw error;
  }
  if (row.network && row.txid)
    await events.emit(
      trx,
      'plan.funding_transfer_recorded',
      {
        recordKind: kind,
        recordId: row.id,
        planId: typeof row.plan_id === 'string' ? row.plan_id : null,
        network: row.network,
        txid: row.txid,
        amount: row.amount,
      },
      { actorId: meta.actorId, subjectId: row.id, traceparent: meta.traceparent },
    );
  return inserted;
}

const evidenceColumns = (input: {
  network?: NetworkType | null;
  txid: string | null;
  evidenceUrl: string | null;
}) => ({ network: input.network ?? null, txid: input.txid, evidence_url: input.evidenceUrl });

/**
 * Disburses principal to the operator: split over the plan's disbursable investments (their four days to
 * reconsider over) pro rata to what each has not had disbursed yet, by largest remainder; each share is an
 * `investment.disbursed` event the wallet posts invested -> the plan's operator account.
 */
export async function disburse(
  ctx: PlansContext,
  admin: AuthUser,
  planId: string,
  input: DisbursementRequest,
  meta: RequestMeta,
): Promise<Disbursement> {
  return inTransaction(ctx, async (trx) => {
    const plan = await lockOpenFundedPlan(trx, planId);
    if (plan.payout_status !== 'open')
      throw new ConflictError('This plan is being paid out: nothing more can be disbursed', 'PAYOUT_STARTED');
    const investments = await lockDisbursable(trx, planId);
    const disbursable = investments.reduce((sum, row) => sum.plus(row.undisbursed), new MoneyDecimal(0));
    if (new MoneyDecimal(input.amount).greaterThan(disbursable))
      throw new BadRequestError(
        `At most ${disbursable.toFixed(8)} can be disbursed: principal of active investments past their four days to reconsider, not yet disbursed`,
        'AMOUNT_ABOVE_DISBURSABLE',
      );
    const amounts = shareProRata(
      input.amount,
      investments.map((row) => row.undisbursed),
    );
    const shares = investments
      .map((row, index) => ({ row, amount: amounts[index] as string }))
      .filter((share) => new MoneyDecimal(share.amount).greaterThan(0));
    const id = uuidv7();
    const row = await insertRecord<DisbursementRow>(
      ctx.events,
      trx,
      'disbursement',
      {
        id,
        plan_id: planId,
        amount: input.amount,
        disbursed_on: input.disbursedOn,
        note: input.note,
        investments: shares.length,
        ...evidenceColumns(input),
        created_by: admin.id,
      },
      { actorId: admin.id, traceparent: meta.traceparent },
    );
    await addDisbursed(
      trx,
      id,
      shares.map((share) => ({ investmentId: share.row.id, amount: share.amount })),
    );
    await ctx.events.emitMany(
      trx,
      'investment.disbursed',
      shares.map((share) => ({
        data: {
          disbursementId: id,
          investmentId: share.row.id,
          userId: share.row.user_id,
          planId,
          amount: share.amount,
        },
        meta: { actorId: admin.id, subjectId: share.row.id, traceparent: meta.traceparent },
      })),
    );
    const disbursement = toDisbursement({ ...row, disbursed_on: input.disbursedOn });
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: 'plan_disburse',
        targetId: planId,
        targetType: 'plan',
        details: { disbursement },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
    return disbursement;
  });
}

/** Harvest proceeds received for a plan: its proceeds account is credited from deposits_inflow. */
export async function recordProceeds(
  ctx: PlansContext,
  admin: AuthUser,
  planId: string,
  input: ProceedsRequest,
  meta: RequestMeta,
): Promise<ProceedsReceipt> {
  return inTransaction(ctx, async (trx) => {
    await lockOpenFundedPlan(trx, planId);
    const id = uuidv7();
    const row = await insertRecord<ProceedsRow>(
      ctx.events,
      trx,
      'proceeds',
      {
        id,
        plan_id: planId,
        amount: input.amount,
        received_on: input.receivedOn,
        buyer: input.buyer,
        ...evidenceColumns(input),
        created_by: admin.id,
      },
      { actorId: admin.id, traceparent: meta.traceparent },
    );
    await trx.raw('UPDATE plans SET proceeds_received = proceeds_received + ?::numeric WHERE id = ?', [
      input.amount,
      planId,
    ]);
    await ctx.events.emit(
      trx,
      'plan.proceeds_recorded',
      { proceedsId: id, planId, amount: input.amount, recordedBy: admin.id },
      { actorId: admin.id, subjectId: planId, traceparent: meta.traceparent },
    );
    const proceeds = toProceeds({ ...row, received_on: input.receivedOn });
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: 'plan_proceeds',
        targetId: planId,
        targetType: 'plan',
        details: { proceeds },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
    return proceeds;
  });
}

/** Platform money put in the reserve fund (never an investor's balance): deposits_inflow -> reserve_fund. */
export async function contributeToReserve(
  ctx: PlansContext,
  admin: AuthUser,
  input: ReserveContributionRequest,
  meta: RequestMeta,
): Promise<ReserveContribution> {
  return inTransaction(ctx, async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?)', [RESERVE_LOCK_KEY]);
    const id = uuidv7();
    const row = await insertRecord<ContributionRow>(
      ctx.events,
      trx,
      'reserve_contribution',
      {
        id,
        amount: input.amount,
        received_on: input.receivedOn,
        source: input.source,
        ...evidenceColumns(input),
        created_by: admin.id,
      },
      { actorId: admin.id, traceparent: meta.traceparent },
    );
    await ctx.events.emit(
      trx,
      'reserve.contributed',
      { contributionId: id, amount: input.amount, recordedBy: admin.id },
      { actorId: admin.id, subjectId: id, traceparent: meta.traceparent },
    );
    const contribution = toContribution({ ...row, received_on: input.receivedOn });
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: 'reserve_contribute',
        targetId: id,
        targetType: 'reserve_contribution',
        details: { contribution },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
    return contribution;
  });
}

/** Applies an allocation: the fund must hold it (by the records, under the reserve lock). */
async function applyAllocation(
  events: ServiceEvents,
  trx: Knex.Transaction,
  allocation: AllocationRow,
  approver: AuthUser,
  meta: RequestMeta,
): Promise<void> {
  const fund = await reserveFund(trx);
  if (new MoneyDecimal(allocation.amount).greaterThan(fund.balance))
    throw new BadRequestError(
      `The reserve fund holds ${fund.balance}, less than this allocation`,
      'RESERVE_INSUFFICIENT',
    );
  await trx.raw('UPDATE plans SET reserve_allocated = reserve_allocated + ?::numeric WHERE id = ?', [
    allocation.amount,
    allocation.plan_id,
  ]);
  await events.emit(
    trx,
    'reserve.allocated',
    {
      allocationId: allocation.id,
      planId: allocation.plan_id,
      amount: allocation.amount,
      approvedBy: approver.id,
    },
    { actorId: approver.id, subjectId: allocation.plan_id, traceparent: meta.traceparent },
  );
}

/**
 * Allocates reserve to a plan with a reason. Below `secondApprovalThreshold` it applies at once; at or above it
 * this is the first approval and a different admin must approve it.
 */
export async function allocateReserve(
  ctx: PlansContext,
  admin: AuthUser,
  planId: string,
  input: ReserveAllocationRequest,
  meta: RequestMeta,
): Promise<ReserveAllocation> {
  const twoAdmins = await needsSecondApproval(ctx.db, input.amount);
  return inTransaction(ctx, async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?)', [RESERVE_LOCK_KEY]);
    await lockOpenFundedPlan(trx, planId);
    const [row] = await trx('reserve_allocations')
      .insert({
        id: uuidv7(),
        plan_id: planId,
        amount: input.amount,
        reason: input.reason,
        status: twoAdmins ? 'awaiting_second_approval' : 'approved',
        requested_by: admin.id,
        approved_by: twoAdmins ? null : admin.id,
        decided_at: twoAdmins ? null : trx.fn.now(),
      })
      .returning<AllocationRow[]>('*');
    const allocation = row as AllocationRow;
    if (!twoAdmins) await applyAllocation(ctx.events, trx, allocation, admin, meta);
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: 'reserve_allocate',
        targetId: planId,
        targetType: 'plan',
        details: { allocation: toAllocation(allocation), secondApprovalRequired: twoAdmins },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
    return toAllocation(allocation);
  });
}

/** A second admin approves (the reserve moves) or rejects an allocation; exactly one decision wins. */
export async function decideAllocation(
  ctx: PlansContext,
  admin: AuthUser,
  allocationId: string,
  approve: boolean,
  meta: RequestMeta,
): Promise<ReserveAllocation> {
  return inTransaction(ctx, async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?)', [RESERVE_LOCK_KEY]);
    const current = await trx<AllocationRow>('reserve_allocations').where({ id: allocationId }).first();
    if (!current) throw new NotFoundError('Allocation not found', 'ALLOCATION_NOT_FOUND');
    if (current.status !== 'awaiting_second_approval')
      throw new ConflictError('This allocation was already decided', 'ALREADY_DECIDED');
    if (current.requested_by === admin.id)
      throw new ConflictError('A different admin must approve or reject this allocation', 'SAME_APPROVER');
    if (approve) await lockOpenFundedPlan(trx, current.plan_id);
    const [row] = await trx('reserve_allocations')
      .where({ id: allocationId, status: 'awaiting_second_approval' })
      .update({ status: approve ? 'approved' : 'rejected', approved_by: admin.id, decided_at: trx.fn.now() })
      .returning<AllocationRow[]>('*');
    const allocation = row as AllocationRow;
    if (approve) await applyAllocation(ctx.events, trx, allocation, admin, meta);
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: 'reserve_allocate_approve',
        targetId: allocation.plan_id,
        targetType: 'plan',
        details: { allocation: toAllocation(allocation), approved: approve },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
    return toAllocation(allocation);
  });
}
