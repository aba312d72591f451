// Daily interest accrual and harvest, set-based (ARCHITECTURE.md section 5): one SQL statement per day
// processed writes every investment's accrual for that day; nothing loops over rows in JavaScript.
//
// Each investment's terms were fixed when it was bought (migration 005): a simple one earns its stored
// `daily_interest` (principal × rate / 100, half-even to 8 places) every day; a compounding one earns
// half-even((principal + interest so far) × rate / 100). Its interest so far lives in `compounding_interest`
// (migration 015, docs/decisions/0113), a narrow table no index but its key and no trigger watches, with room on
// each page for a heap-only update: the same statement adds the day's amount there (or starts the row on the
// investment's first compounding day) and adds the day's sums to the `report_active_terms` rollup, so the wide
// `investments` row, its indexes and its triggers are never touched by an accrual.
//
// Each plan keeps `accrued_through`, the last day accrued for it. A day is processed for a plan only when it
// is exactly that plan's next day (so no day is ever skipped), the plan runs on that day, and no purchase of
// that plan made on or before that day is still pending (it waits for the sweeper, then the day is accrued
// with it). The accruals' primary key (investment, day) refuses any second row for a day.
import type { Knex } from '@cropvest/service-kit/db';
import { addDays, isDay } from '../domain/days.ts';

export const START_DAY = `(p.start_date AT TIME ZONE 'UTC')::date`;
export const END_DAY = `(p.end_date AT TIME ZONE 'UTC')::date`;
export const NEXT_DAY = `COALESCE(p.accrued_through + 1, ${START_DAY})`;

/** Serialises accrual runs across replicas and the `npm run accrue` command. */
export const ACCRUAL_LOCK_KEY = 7_300_301;

/** The earliest day some plan still has to accrue, or null when every plan is up to date. */
export async function firstDayToAccrue(db: Knex): Promise<string | null> {
  const result = await db.raw<{ rows: { day: string | null }[] }>(
    `SELECT to_char(min(${NEXT_DAY}), 'YYYY-MM-DD') AS day FROM plans p WHERE p.deleted_at IS NULL AND ${NEXT_DAY} < ${END_DAY}`,
  );
  return result.rows[0]?.day ?? null;
}

/**
 * The statement of one day: accrue every due investment, then move the plans' mark to that day. The due plans
 * reach the insert as an array computed once (a join to the CTE, whose size the planner cannot know, may be
 * planned as one scan of the investments per plan). The day is
 * written into the text as a literal after `isDay` checked it (knex would read `:day::date` as bindings).
 */
export const accrueDaySql = (day: string): string => {
  if (!isDay(day)) throw new Error(`not a day: ${day}`);
  return `
  WITH due AS (
    SELECT p.id FROM plans p
     WHERE p.deleted_at IS NULL
       AND ${NEXT_DAY} = :day::date
       AND :day::date < ${END_DAY}
       AND NOT EXISTS (
         SELECT 1 FROM investments w
          WHERE w.plan_id = p.id AND w.status = 'pending' AND (w.created_at AT TIME ZONE 'UTC')::date <= :day::date)
     FOR UPDATE OF p
  ), marked AS (
    UPDATE plans p SET accrued_through = :day::date FROM due WHERE p.id = due.id
  ), compounding AS (
    SELECT i.id, i.plan_id, i.daily_rate, (i.created_at AT TIME ZONE 'UTC')::date AS created_day,
           c.investment_id IS NOT NULL AS started,
           round_half_even8((i.principal + coalesce(c.accrued_interest, 0)) * i.daily_rate * 0.01) AS amount
      FROM investments i LEFT JOIN compounding_interest c ON c.investment_id = i.id
     WHERE i.plan_id = ANY (ARRAY(SELECT id FROM due)) AND i.status = 'active' AND i.compound
       AND i.created_at < :next::timestamptz
  ), moved AS (
    UPDATE compounding_interest c SET accrued_interest = c.accrued_interest + d.amount
      FROM compounding d WHERE d.started AND c.investment_id = d.id
  ), first_days AS (
    INSERT INTO compounding_interest (investment_id, accrued_interest)
    SELECT id, amount FROM compounding WHERE NOT started
  ), rolled_up AS (
    INSERT INTO report_active_terms (plan_id, compound, daily_rate, created_day, accrued_interest)
    SELECT plan_id, true, daily_rate, created_day, sum(amount) FROM compounding
     GROUP BY plan_id, daily_rate, created_day HAVING sum(amount) <> 0
     ORDER BY plan_id, daily_rate, created_day
    ON CONFLICT (plan_id, compound, daily_rate, created_day) DO UPDATE
      SET accrued_interest = report_active_terms.accrued_interest + EXCLUDED.accrued_interest
  )
  INSERT INTO accruals (investment_id, day, amount)
  SELECT i.id, :day::date, i.daily_interest
    FROM investments i
   WHERE i.plan_id = ANY (ARRAY(SELECT id FROM due)) AND i.status = 'active' AND NOT i.compound
     AND i.created_at < :next::timestamptz
  UNION ALL
  SELECT id, :day::date, amount FROM compounding`
    .replaceAll(':day', `'${day}'`)
    .replaceAll(':next', `'${addDays(day, 1)}T00:00:00Z'`);
};

export async function accrueDay(
  trx: Knex.Transaction,
  day: string,
): Promise<{ rows: number; plans: number }> {
  // No ON CONFLICT: a plan's mark lets each (plan, day) through once, and the primary key refuses anything
  // else loudly instead of hiding it (and a plain insert is what a raw INSERT … SELECT costs).
  // The compounding rows are read once into the statement's CTE and hashed against their running interest:
  // with the default 4 MB both spill to disk at a few hundred thousand investments.
  await trx.raw(`SET LOCAL work_mem = '64MB'`);
  const result = await trx.raw<{ rowCount: number }>(accrueDaySql(day));
  const rows = Number(result.rowCount ?? 0);
  const marked = await trx.raw<{ rows: { plans: number }[] }>(
    `SELECT count(*) AS plans FROM plans WHERE accrued_through = ?::date`,
    [day],
  );
  await trx.raw(
    `INSERT INTO accrual_runs (day, rows_written) VALUES (?::date, ?)
     ON CONFLICT (day) DO UPDATE SET rows_written = accrual_runs.rows_written + EXCLUDED.rows_written, finished_at = now()`,
    [day, rows],
  );
  return { rows, plans: Number(marked.rows[0]?.plans ?? 0) };
}

export interface HarvestedRow {
  id: string;
  user_id: string;
  plan_id: string;
  plan_title: string;
  principal: string;
  interest_earned: string;
  funding_model: 'legacy' | 'funded';
  disbursed_principal: string;
  shortfall: string;
}

/** Plans whose end date has passed and every day of which has been accrued. */
const RIPE = `p.end_date <= now() AND ${END_DAY} <= ${NEXT_DAY}`;

export interface PayoutDecision {
  plan_id: string;
  plan_title: string;
  payout_status: 'paying' | 'settlement_needed';
  due: string;
  available: string;
  user_ids: string[];
}

/**
 * Decides, once per ripe funded plan (and again on a postponed plan's new day), whether its proceeds cover its
 * payout (docs/decisions/0091): due = principal disbursed + interest accrued over its active investments,
 * available = proceeds + reserve allocated − already paid. Covered: `paying`; short: `settlement_needed`.
 * Legacy plans are paid as before and never decided.
 */
export async function decidePayouts(trx: Knex.Transaction): Promise<PayoutDecision[]> {
  const result = await trx.raw<{ rows: PayoutDecision[] }>(
    `WITH undecided AS (
       SELECT p.id FROM plans p
        WHERE p.funding_model = 'funded' AND ${RIPE}
          AND (p.payout_status = 'open' OR (p.payout_status = 'postponed' AND p.payout_postponed_to <= current_date))
        FOR UPDATE OF p
     ), owed AS (
       SELECT u.id AS plan_id,
              coalesce(sum(i.disbursed_principal + coalesce(a.interest, 0)), 0) AS due,
              coalesce(array_agg(DISTINCT i.user_id) FILTER (WHERE i.id IS NOT NULL), '{}') AS user_ids
         FROM undecided u
         LEFT JOIN investments i ON i.plan_id = u.id AND i.status = 'active'
         LEFT JOIN LATERAL (SELECT sum(amount) AS interest FROM accruals WHERE investment_id = i.id) a ON true
        GROUP BY u.id
     )
     UPDATE plans p
        SET payout_status = CASE WHEN o.due <= p.proceeds_received + p.reserve_allocated - p.paid_from_proceeds
                                 THEN 'paying' ELSE 'settlement_needed' END,
            updated_at = now()
       FROM owed o WHERE p.id = o.plan_id
     RETURNING p.id AS plan_id, p.title AS plan_title, p.payout_status, o.due::text AS due,
               (p.proceeds_received + p.reserve_allocated - p.paid_from_proceeds)::text AS available,
               o.user_ids::text[] AS user_ids`,
  );
  return result.rows;
}

/** Plans ready to harvest, in id order: over, every day accrued and, for a funded plan, its payout decided. */
const HARVESTABLE = `${RIPE} AND (p.funding_model = 'legacy' OR p.payout_status IN ('paying', 'settled', 'failed'))`;

/** The plans whose active investments are ready to harvest, in id order. */
export async function harvestablePlans(trx: Knex.Transaction): Promise<string[]> {
  const result = await trx.raw<{ rows: { id: string }[] }>(
    `SELECT p.id FROM plans p WHERE ${HARVESTABLE}
        AND EXISTS (SELECT 1 FROM investments i WHERE i.plan_id = p.id AND i.status = 'active')
      ORDER BY p.id`,
  );
  return result.rows.map((row) => row.id);
}

/**
 * Completes up to `limit` active investments of one harvestable plan: the end date has passed and every day of
 * the plan has been accrued, and, for a funded plan, its payout was decided (covered, or settled by admins).
 * The interest paid is the sum of the investment's accruals, fixed from now on. What a funded plan pays from its
 * proceeds (its due less any settled shortfall) is added to the plan's `paid_from_proceeds` in the same
 * statement, which `plans_paid_funded` keeps within what it received.
 * A batch takes the plan's investments in investor order, from `fromUserId` on, read from the index on
 * (plan_id, status, user_id) without a sort (docs/decisions/0134-harvest-day.md). Investor order lets the wallet
 * pay each investor's investments together and announce one balance per investor and batch. Starting where the
 * last batch ended skips the index entries of the investments already harvested, which every batch would
 * otherwise step over again. SKIP LOCKED takes no lock it would wait for, so no order is needed against
 * deadlocks. Answers the harvested investments in investor order.
 */
export async function harvestBatch(
  trx: Knex.Transaction,
  planId: string,
  fromUserId: string | null,
  limit: number,
): Promise<HarvestedRow[]> {
  const result = await trx.raw<{ rows: HarvestedRow[] }>(
    `WITH picked AS (
       SELECT i.id FROM investments i
        WHERE i.plan_id = ? AND i.status = 'active' AND i.user_id >= coalesce(?::uuid, '00000000-0000-0000-0000-000000000000')
          AND EXISTS (SELECT 1 FROM plans p WHERE p.id = i.plan_id AND ${HARVESTABLE})
        ORDER BY i.user_id
        LIMIT ? FOR UPDATE SKIP LOCKED
     ), harvested AS (
       UPDATE investments i
          SET status = 'completed', completed_at = now(),
              interest_earned = COALESCE((SELECT sum(a.amount) FROM accruals a WHERE a.investment_id = i.id), 0)
         FROM picked, plans p WHERE i.id = picked.id AND p.id = i.plan_id
       RETURNING i.id, i.user_id, i.plan_id, p.title AS plan_title, i.principal, i.interest_earned,
                 p.funding_model, i.disbursed_principal, i.shortfall
     ), paid AS (
       UPDATE plans p SET paid_from_proceeds = p.paid_from_proceeds + h.paid
         FROM (SELECT plan_id, sum(disbursed_principal + interest_earned - shortfall) AS paid
                 FROM harvested WHERE funding_model = 'funded' GROUP BY plan_id) h
        WHERE p.id = h.plan_id
     )
     SELECT * FROM harvested ORDER BY user_id, id`,
    [planId, fromUserId, limit],
  );
  return result.rows;
}

export interface HarvestTotals {
  plan_id: string;
  plan_title: string;
  user_id: string;
  investments: number;
  principal: string;
  interest: string;
  shortfall: string;
}

/**
 * Marks every plan whose harvest is done (some investment completed, none active or pending) and not yet
 * announced, and answers each of its investors' totals over their harvested investments, to tell each investor
 * once (docs/decisions/0134-harvest-day.md). A plan is marked in the statement that reads its totals, so the
 * caller emits them in the same transaction and a plan is never announced twice.
 */
export async function announceHarvests(trx: Knex.Transaction): Promise<HarvestTotals[]> {
  const result = await trx.raw<{ rows: HarvestTotals[] }>(
    `WITH done AS (
       UPDATE plans p SET harvest_announced_at = now()
        WHERE p.harvest_announced_at IS NULL
          AND EXISTS (SELECT 1 FROM investments i WHERE i.plan_id = p.id AND i.status = 'completed')
          AND NOT EXISTS (SELECT 1 FROM investments i WHERE i.plan_id = p.id AND i.status IN ('active', 'pending'))
       RETURNING p.id, p.title
     )
     SELECT d.id AS plan_id, d.title AS plan_title, i.user_id, count(*)::int AS investments,
            sum(i.principal)::text AS principal, sum(i.interest_earned)::text AS interest,
            sum(i.shortfall)::text AS shortfall
       FROM done d JOIN investments i ON i.plan_id = d.id AND i.status = 'completed'
      GROUP BY d.id, d.title, i.user_id
      ORDER BY d.id, i.user_id`,
  );
  return result.rows;
}
