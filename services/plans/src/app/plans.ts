// Plan management (spec sections 3, 4, 5): listing, the admin's create, edit and delete, each audited.
import { v7 as uuidv7 } from 'uuid';
import {
  PLAN_FORM_DEFAULTS,
  type AdminPlanListQuery,
  type Plan,
  type PlanDefaults,
  type PlanDeletionCheck,
  type PlanInput,
} from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { type Page } from '@cropvest/service-kit/db';
import { ConflictError, NotFoundError, ValidationError } from '@cropvest/service-kit/errors';
import { deletionCheck, editedSlots } from '../domain/rules.ts';
import { planDays } from '../domain/days.ts';
import {
  findPlan,
  insertPlan,
  listAllPlans,
  listOpenPlans,
  lockPlan,
  pageAllPlans,
  softDeletePlan,
  toPlan,
  updatePlan,
  type PlanColumns,
  type PlanRow,
} from '../db/plans.ts';
import { countOpenInvestments } from '../db/investments.ts';
import { hasInvested } from '../db/field-reports.ts';
import { enforcedSettings } from '../db/projections.ts';
import { inTransaction, type PlansContext, type RequestMeta } from './context.ts';
import { checkPlanImage } from './images.ts';

/** Admins see every plan unless they ask for `active=true`; everyone else sees the open ones (Browse Plans). */
export async function listPlans(
  ctx: PlansContext,
  user: AuthUser | undefined,
  activeOnly: boolean,
): Promise<Plan[]> {
  const rows =
    user?.role === 'admin' && !activeOnly ? await listAllPlans(ctx.db) : await listOpenPlans(ctx.db);
  return rows.map(toPlan);
}

/** Manage Plans and the command palette: one page of every plan, newest first, matching `q` when given. */
export async function adminPlanPage(ctx: PlansContext, query: AdminPlanListQuery): Promise<Page<Plan>> {
  const page = await pageAllPlans(ctx.db, query);
  return { items: page.items.map(toPlan), total: page.total };
}

/** Who may read one plan (its page, timeline and disbursements): an admin; anyone while it is active; its investors always. */
export async function visiblePlan(
  ctx: PlansContext,
  planId: string,
  user: AuthUser | undefined,
): Promise<PlanRow> {
  const plan = await findPlan(ctx.db, planId);
  const visible =
    plan !== undefined &&
    (plan.is_active ||
      user?.role === 'admin' ||
      (user !== undefined && (await hasInvested(ctx.db, user.id, planId))));
  if (!plan || !visible) throw new NotFoundError('Plan not found', 'PLAN_NOT_FOUND');
  return plan;
}

/** `GET /api/plans/:id`: one plan for its page, whether or not it still takes investments. */
export async function readPlan(ctx: PlansContext, user: AuthUser | undefined, planId: string): Promise<Plan> {
  return toPlan(await visiblePlan(ctx, planId, user));
}

export async function planDefaults(ctx: PlansContext): Promise<PlanDefaults> {
  const { interest } = await enforcedSettings(ctx.db);
  return {
    dailyInterestRate: interest.defaultDailyRate,
    ...PLAN_FORM_DEFAULTS,
    minimumInvestment: interest.minimumInvestment,
    maximumInvestment: interest.maximumInvestment,
  };
}

async function columnsOf(ctx: PlansContext, input: PlanInput): Promise<Omit<PlanColumns, 'available_slots'>> {
  return {
    title: input.title,
    description: input.description,
    min_slot_price: input.minSlotPrice,
    daily_interest_rate: input.dailyInterestRate,
    duration_days: input.durationDays ?? planDays(input.startDate, input.endDate),
    total_slots: input.totalSlots,
    start_date: input.startDate,
    end_date: input.endDate,
    image_url: input.imageUrl ? await checkPlanImage(ctx, input.imageUrl) : null,
    is_active: input.isActive,
  };
}

const audited = (row: PlanRow) => ({ ...toPlan(row), createdAt: undefined, updatedAt: undefined });

export async function createPlan(
  ctx: PlansContext,
  admin: AuthUser,
  input: PlanInput,
  meta: RequestMeta,
): Promise<Plan> {
  const columns = await columnsOf(ctx, input);
  return inTransaction(ctx, async (trx) => {
    const row = await insertPlan(trx, {
      ...columns,
      available_slots: columns.total_slots,
      id: uuidv7(),
      created_by: admin.id,
    });
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: 'plan_create',
        targetId: row.id,
        targetType: 'plan',
        details: { plan: audited(row) },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
    return toPlan(row);
  });
}

export async function editPlan(
  ctx: PlansContext,
  admin: AuthUser,
  id: string,
  input: PlanInput,
  meta: RequestMeta,
): Promise<Plan> {
  const columns = await columnsOf(ctx, input);
  return inTransaction(ctx, async (trx) => {
    const before = await lockPlan(trx, id);
    if (!before) throw new NotFoundError('Plan not found');
    const slots = editedSlots(
      { totalSlots: before.total_slots, availableSlots: before.available_slots },
      columns.total_slots,
    );
    if (!slots.ok) throw new ValidationError(slots.message, [{ path: 'totalSlots', message: slots.message }]);
    const after = await updatePlan(trx, id, { ...columns, available_slots: slots.availableSlots });
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: 'plan_edit',
        targetId: id,
        targetType: 'plan',
        details: { from: audited(before), to: audited(after) },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
    return toPlan(after);
  });
}

export async function canDeletePlan(ctx: PlansContext, id: string): Promise<PlanDeletionCheck> {
  if (!(await findPlan(ctx.db, id))) throw new NotFoundError('Plan not found');
  return deletionCheck(await countOpenInvestments(ctx.db, id));
}

/**
 * Refused while the plan has active (or still settling) investments. The plan row is locked first, so a
 * purchase racing the delete either lands before it (and the delete is refused) or finds the plan gone.
 * The row stays (hidden) because completed investments keep showing their plan.
 */
export async function deletePlan(
  ctx: PlansContext,
  admin: AuthUser,
  id: string,
  meta: RequestMeta,
): Promise<{ id: string; deleted: boolean }> {
  return inTransaction(ctx, async (trx) => {
    const plan = await lockPlan(trx, id);
    if (!plan) throw new NotFoundError('Plan not found');
    const check = deletionCheck(await countOpenInvestments(trx, id));
    if (!check.canDelete)
      throw new ConflictError(
        `${check.reason}. Plan has ${check.investmentCount} active investment(s).`,
        'PLAN_HAS_INVESTMENTS',
      );
    await softDeletePlan(trx, id);
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: 'plan_delete',
        targetId: id,
        targetType: 'plan',
        details: { plan: audited(plan) },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
    return { id, deleted: true };
  });
}
