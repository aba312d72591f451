// Queries of the plans table; rows become the contract's Plan here and nowhere else.
import type { PageQuery, Plan } from '@cropvest/contracts';
import { pageOf, type Knex, type Page } from '@cropvest/service-kit';
import type { PlanState } from '../domain/rules.ts';

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
  funding: {
    model: row.funding_model,
    payoutStatus: row.payout_status,
    proceedsRecorded: Number(row.proceeds_received) > 0,
    proceeds: row.proceeds_received,
    reserveAllocated: row.reserve_allocated,
  },
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

export const insertPlan = async (
  trx: Knex.Transaction,
  row: PlanColumns & { id: string; created_by: string },
): Promise<PlanRow> =>
  (
    await trx<PlanRow>('plans')
      .insert(row as never)
      .returning('*')
  )[0] as PlanRow;

export const updatePlan = async (
  trx: Knex.Transaction,
  id: string,
  row: Partial<PlanColumns>,
): Promise<PlanRow> =>
  (
    await trx<PlanRow>('plans')
      .where({ id })
      .update({ ...row, updated_at: trx.fn.now() } as never)
      .returning('*')
  )[0] as PlanRow;

export const findPlan = (db: Knex, id: string): Promise<PlanRow | undefined> =>
  db<PlanRow>('plans').where({ id }).whereNull('deleted_at').first();
export const lockPlan = (trx: Knex.Transaction, id: string): Promise<PlanRow | undefined> =>
  trx<PlanRow>('plans').where({ id }).whereNull('deleted_at').forUpdate().first();

export const softDeletePlan = (trx: Knex.Transaction, id: string): Promise<number> =>
  trx('plans')
    .where({ id })
    .whereNull('deleted_at')
    .update({ deleted_at: trx.fn.now(), is_active: false, updated_at: trx.fn.now() });

/** Every plan (admins), newest first. */
const allPlans = (db: Knex) =>
  db<PlanRow>('plans')
    .whereNull('deleted_at')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
export const listAllPlans = (db: Knex): Promise<PlanRow[]> => allPlans(db);
/** One page of every plan (Manage Plans), newest first, with the count of all of them. */
export const pageAllPlans = (db: Knex, page: PageQuery): Promise<Page<PlanRow>> => pageOf(allPlans(db), page);

/** What investors and visitors see: active, not ended, with slots left (spec: Browse Plans). */
export const listOpenPlans = (db: Knex): Promise<PlanRow[]> =>
  db<PlanRow>('plans')
    .whereNull('deleted_at')
    .where('is_active', true)
    .where('available_slots', '>', 0)
    .where('end_date', '>', db.fn.now())
    .orderBy([
      { column: 'start_date', order: 'asc' },
      { column: 'id', order: 'asc' },
    ]);
