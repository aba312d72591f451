// Queries of the plans table; rows become the contract's Plan here and nowhere else.
import {
  MoneyDecimal,
  Uuid,
  type AdminPlanListQuery,
  type Plan,
  type PlanCoverage,
} from '@cropvest/contracts';
import { containsPattern, pageOf, type Knex, type Page } from '@cropvest/service-kit/db';
import type { PlanState } from '../domain/rules.ts';
import { coverageOf } from '../domain/coverage.ts';
import { PLAN_DUE_SQL } from './funding.ts';

export interface PlanRow {
  id: string;
  title: string;
  description: string;
  min_slot_price: string;
  daily_interest_rate: string;
  duration_days: number;
  total_slots: number;
  available_slots: number;
  start_date: Date;
  end_date: Date;
  image_url: string | null;
  is_active: boolean;
  accrued_through: string | null;
  deleted_at: Date | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  /** From the current key information sheet (decision 0092); null and false while the plan has none. */
  operator_id: string | null;
  key_information_version: number | null;
  key_information_complete: boolean;
  /** Funded payouts (decision 0091): the plan's model, payout status and what it received so far. */
  funding_model: Plan['funding']['model'];
  payout_status: Plan['funding']['payoutStatus'];
  proceeds_received: string;
  reserve_allocated: string;
  paid_from_proceeds: string;
  /** Not a column: what the plan owes from its proceeds now, read with the row (see `planRows`). */
  due: string;
}

export const toPlan = (row: PlanRow): Plan => ({
  id: row.id,
  title: row.title,
  description: row.description,
  minSlotPrice: row.min_slot_price,
  dailyInterestRate: row.daily_interest_rate,
  durationDays: row.duration_days,
  totalSlots: row.total_slots,
  availableSlots: row.available_slots,
  startDate: row.start_date.toISOString(),
  endDate: row.end_date.toISOString(),
  imageUrl: row.image_url,
  isActive: row.is_active,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  keyInformation:
    row.key_information_version === null
      ? null
      : { version: row.key_information_version, complete: row.key_information_complete },
  funding: { model: row.funding_model, payoutStatus: row.payout_status, ...toPlanCoverage(row) },
});

const toPlanCoverage = (row: PlanRow): PlanCoverage => ({
  proceedsRecorded: Number(row.proceeds_received) > 0,
  proceeds: row.proceeds_received,
  reserveAllocated: row.reserve_allocated,
  due: new MoneyDecimal(row.due).toFixed(8),
  coverage: coverageOf({
    proceeds: row.proceeds_received,
    reserveAllocated: row.reserve_allocated,
    paidOut: row.paid_from_proceeds,
    due: row.due,
  }),
});

export const toPlanState = (row: PlanRow): PlanState => ({
  id: row.id,
  minSlotPrice: row.min_slot_price,
  totalSlots: row.total_slots,
  availableSlots: row.available_slots,
  startDate: row.start_date.toISOString(),
  endDate: row.end_date.toISOString(),
  isActive: row.is_active,
  deleted: row.deleted_at !== null,
});

export type PlanColumns = Pick<
  PlanRow,
  | 'title'
  | 'description'
  | 'min_slot_price'
  | 'daily_interest_rate'
  | 'duration_days'
  | 'total_slots'
  | 'available_slots'
  | 'image_url'
  | 'is_active'
> & {
  start_date: string;
  end_date: string;
};

/**
 * Plans with what each owes from its proceeds, by the same query as its funding figures
 * (GET /api/plans/{id}/funding): principal disbursed plus interest accrued of its active investments.
 */
const planRows = (db: Knex) => db<PlanRow>('plans').select('plans.*', db.raw(`${PLAN_DUE_SQL} AS due`));

export const findPlan = (db: Knex, id: string): Promise<PlanRow | undefined> =>
  planRows(db).where({ id }).whereNull('deleted_at').first();
export const lockPlan = (trx: Knex.Transaction, id: string): Promise<PlanRow | undefined> =>
  planRows(trx).where({ id }).whereNull('deleted_at').forUpdate().first();

/** The coverage of each of these plans (deleted ones too: an investment still shows its plan's), by id. */
export async function planCoverages(db: Knex, ids: readonly string[]): Promise<Map<string, PlanCoverage>> {
  if (ids.length === 0) return new Map();
  const rows: PlanRow[] = await planRows(db).whereIn('id', [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, toPlanCoverage(row)]));
}

/** Inserts a plan and answers it as read back (with its figures). */
export const insertPlan = async (
  trx: Knex.Transaction,
  row: PlanColumns & { id: string; created_by: string },
): Promise<PlanRow> => {
  await trx('plans').insert(row);
  return (await findPlan(trx, row.id)) as PlanRow;
};

export const updatePlan = async (
  trx: Knex.Transaction,
  id: string,
  row: Partial<PlanColumns>,
): Promise<PlanRow> => {
  await trx('plans')
    .where({ id })
    .update({ ...row, updated_at: trx.fn.now() });
  return (await findPlan(trx, id)) as PlanRow;
};

export const softDeletePlan = (trx: Knex.Transaction, id: string): Promise<number> =>
  trx('plans')
    .where({ id })
    .whereNull('deleted_at')
    .update({ deleted_at: trx.fn.now(), is_active: false, updated_at: trx.fn.now() });

/** Every plan (admins), newest first. */
const allPlans = (db: Knex) =>
  planRows(db)
    .whereNull('deleted_at')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
export const listAllPlans = (db: Knex): Promise<PlanRow[]> => allPlans(db);
/**
 * One page of every plan (Manage Plans, the admin command palette), newest first, with the count of all that
 * match: `q` in the title, or a whole plan id. Plans number in the hundreds at most, so no index is needed.
 */
export function pageAllPlans(db: Knex, { q, ...page }: AdminPlanListQuery): Promise<Page<PlanRow>> {
  const plans = allPlans(db);
  if (q)
    plans.where((match) => {
      match.whereRaw(`plans.title ILIKE ? ESCAPE '\\'`, [containsPattern(q)]);
      if (Uuid.safeParse(q).success) match.orWhere('plans.id', q.toLowerCase());
    });
  return pageOf(plans, page);
}

/** What investors and visitors see: active, not ended, with slots left (spec: Browse Plans). */
export const listOpenPlans = (db: Knex): Promise<PlanRow[]> =>
  planRows(db)
    .whereNull('deleted_at')
    .where('is_active', true)
    .where('available_slots', '>', 0)
    .where('end_date', '>', db.fn.now())
    .orderBy([
      { column: 'start_date', order: 'asc' },
      { column: 'id', order: 'asc' },
    ]);
