// Plan Analytics (issue 13 section 1): one page of plans, newest first, each with its figures, in one statement
// over this service's own tables, read with the plans' count in one snapshot. Only the investments of the page's
// plans are read. Each plan's coverage is what its proceeds and reserve hold over what they must pay at harvest
// (docs/decisions/0091).
import type { PageQuery, PlanAnalytics } from '@cropvest/contracts';
import { amountText, readInOneSnapshot, type Knex, type Page } from '@cropvest/service-kit/db';
import { END_DAY } from './accrual.ts';
import { interestToCome, REMAINING_DAYS, RUNNING_INTEREST_JOIN } from './interest-terms.ts';

const TODAY = `(now() AT TIME ZONE 'UTC')::date`;

export async function planAnalyticsPage(
  db: Knex,
  { page, pageSize }: PageQuery,
): Promise<Page<PlanAnalytics>> {
  return readInOneSnapshot(db.client as Knex.Client, async (snapshot) => {
    const read = snapshot ?? db;
    const rows = await read.raw<{ rows: PlanAnalytics[] }>(
      `WITH page AS (
         SELECT * FROM plans WHERE deleted_at IS NULL
          ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?),
       held AS (
         SELECT i.*, coalesce(a.amount, 0) AS accrued, coalesce(ci.accrued_interest, 0) AS accrued_interest
           FROM investments i
           JOIN page ON page.id = i.plan_id
           ${RUNNING_INTEREST_JOIN}
           LEFT JOIN LATERAL (SELECT sum(amount) AS amount FROM accruals WHERE investment_id = i.id) a ON true
          WHERE i.status IN ('active', 'completed')),
       figures AS (
         SELECT i.plan_id,
                count(*)::int AS investments,
                count(DISTINCT i.user_id)::int AS investors,
                sum(i.slots_purchased)::int AS slots,
                sum(i.principal) AS principal,
                sum(i.accrued) AS accrued,
                sum(i.principal) FILTER (WHERE i.status = 'active') AS active,
                sum(i.principal + i.accrued + ${interestToCome('i.', REMAINING_DAYS)}) FILTER (WHERE i.status = 'active') AS due,
                sum(i.disbursed_principal + i.accrued + ${interestToCome('i.', REMAINING_DAYS)}) FILTER (WHERE i.status = 'active') AS due_from_proceeds
           FROM held i JOIN page p ON p.id = i.plan_id
          GROUP BY i.plan_id)
       SELECT p.id AS "planId", p.title, p.is_active AS "isActive",
              to_char(p.start_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "startDate",
              to_char(p.end_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "endDate",
              p.total_slots AS "totalSlots",
              (p.total_slots - p.available_slots) AS "slotsSold",
              round((p.total_slots - p.available_slots) * 100.0 / p.total_slots, 1)::text AS "fillRate",
              s.days AS "daysOnSale",
              round(coalesce(f.slots, 0)::numeric / s.days, 2)::text AS "slotsPerDay",
              coalesce(f.investors, 0) AS investors,
              coalesce(f.investments, 0) AS investments,
              ${amountText('f.principal')} AS "principalInvested",
              ${amountText('f.accrued')} AS "interestAccrued",
              ${amountText('f.active')} AS "activePrincipal",
              ${amountText('f.due')} AS "dueAtHarvest",
              p.funding_model AS "fundingModel", p.payout_status AS "payoutStatus",
              ${amountText('p.proceeds_received')} AS "proceedsReceived",
              EXISTS (SELECT 1 FROM plan_proceeds r WHERE r.plan_id = p.id) AS "proceedsRecorded",
              ${amountText('p.reserve_allocated')} AS "reserveAllocated",
              ${amountText('f.due_from_proceeds')} AS "dueFromProceeds",
              CASE WHEN coalesce(f.due_from_proceeds, 0) > 0
                   THEN round((p.proceeds_received + p.reserve_allocated - p.paid_from_proceeds) / f.due_from_proceeds, 4)::text
              END AS coverage
         FROM page p
         LEFT JOIN figures f ON f.plan_id = p.id
         CROSS JOIN LATERAL (SELECT greatest(1,
           least(${TODAY}, ${END_DAY}) - (p.created_at AT TIME ZONE 'UTC')::date + 1) AS days) s
        ORDER BY p.created_at DESC, p.id DESC`,
      [pageSize, (page - 1) * pageSize],
    );
    const [total] = await read('plans').whereNull('deleted_at').count<{ total: string }[]>({ total: '*' });
    return { items: rows.rows, total: Number(total?.total ?? 0) };
  });
}
