// The plans service's admin reports (docs/decisions/0064-admin-reports.md): money invested, active principal
// and interest over time, by plan, and the harvest calendar, each one statement over this service's tables.
import {
  MoneyDecimal,
  type HarvestCalendar,
  type InvestmentReport,
  type ReportQuery,
  type ReportRangeQuery,
} from '@cropvest/contracts';
import {
  amountSum,
  amountText,
  BUCKETS_CTE,
  bucketBindings,
  bucketDay,
  bucketOf,
  reportPeriod,
  type Knex,
} from '@cropvest/service-kit';
import { END_DAY } from './accrual.ts';
// Interest so far and to come from each investment's own terms; the figures test holds them to the accruals.
import { ACCRUED_DAYS, INTEREST_SO_FAR, interestToCome, REMAINING_DAYS } from './interest-terms.ts';

type SeriesRow = InvestmentReport['series'][number];

export async function investmentReport(db: Knex, query: ReportQuery): Promise<InvestmentReport> {
  const period = reportPeriod(query);
  const { start, end } = period;

  const [series, byPlan, investors, afterRange] = await Promise.all([
    db.raw<{ rows: Omit<SeriesRow, 'activePrincipal'>[] }>(
      `WITH ${BUCKETS_CTE},
       invested AS (
         SELECT ${bucketOf('activated_at')} AS bucket_start, sum(principal) AS amount, count(*) AS investments
           FROM investments WHERE activated_at >= ?::timestamptz AND activated_at < ?::timestamptz GROUP BY 1),
       harvested AS (
         SELECT ${bucketOf('completed_at')} AS bucket_start, sum(principal) AS principal, sum(interest_earned) AS interest
           FROM investments WHERE completed_at >= ?::timestamptz AND completed_at < ?::timestamptz GROUP BY 1),
       accrued AS (
         SELECT ${bucketOf("day::timestamp AT TIME ZONE 'UTC'")} AS bucket_start, sum(amount) AS amount
           FROM accruals WHERE day >= ?::date AND day < ?::date GROUP BY 1)
       SELECT ${bucketDay('b.bucket_start')} AS bucket,
              ${amountText('i.amount')} AS invested,
              coalesce(i.investments, 0)::int AS investments,
              ${amountText('a.amount')} AS "interestAccrued",
              ${amountText('h.principal')} AS "principalHarvested",
              ${amountText('h.interest')} AS "interestPaid"
         FROM buckets b
         LEFT JOIN invested i USING (bucket_start)
         LEFT JOIN harvested h USING (bucket_start)
         LEFT JOIN accrued a USING (bucket_start)
        ORDER BY b.bucket_start`,
      [
        ...bucketBindings(period),
        period.bucket,
        start,
        end,
        period.bucket,
        start,
        end,
        period.bucket,
        start,
        end,
      ],
    ),
    db.raw<{ rows: InvestmentReport['byPlan'] }>(
      `SELECT p.id AS "planId", p.title,
              ${amountText('s.invested')} AS invested, ${amountText('s.paid')} AS "interestPaid",
              ${amountText('s.active')} AS "activePrincipal", ${amountText('s.accrued')} AS "interestAccruedToDate"
         FROM (
           SELECT i.plan_id,
                  sum(i.principal) FILTER (WHERE i.activated_at >= ?::timestamptz AND i.activated_at < ?::timestamptz) AS invested,
                  sum(i.interest_earned) FILTER (WHERE i.completed_at >= ?::timestamptz AND i.completed_at < ?::timestamptz) AS paid,
                  sum(i.principal) FILTER (WHERE i.status = 'active') AS active,
                  sum(CASE WHEN i.status = 'completed' THEN i.interest_earned ELSE ${INTEREST_SO_FAR} END) AS accrued
             FROM investments i JOIN plans p ON p.id = i.plan_id
            WHERE i.status IN ('active', 'completed') GROUP BY i.plan_id) s
         JOIN plans p ON p.id = s.plan_id
        ORDER BY p.created_at, p.id`,
      [start, end, start, end],
    ),
    db.raw<{ rows: { count: number }[] }>(
      `SELECT count(*)::int AS count FROM (SELECT DISTINCT user_id FROM investments WHERE status = 'active') u`,
    ),
    // What changed the active principal after the range (a range ending today or later: nothing).
    db.raw<{ rows: { invested: string; harvested: string }[] }>(
      `SELECT (SELECT coalesce(sum(principal), 0) FROM investments WHERE activated_at >= ?::timestamptz) AS invested,
              (SELECT coalesce(sum(principal), 0) FROM investments WHERE completed_at >= ?::timestamptz) AS harvested`,
      [end, end],
    ),
  ]);

  // Active principal at each bucket's end, walking back from now (the plans' active principal): a bucket ends
  // with what the next one started with, which is its own end less what it invested plus what it harvested. No
  // pass over every investment before the range.
  const after = afterRange.rows[0] ?? { invested: '0', harvested: '0' };
  let active = new MoneyDecimal(amountSum(byPlan.rows.map((plan) => plan.activePrincipal)))
    .minus(after.invested)
    .plus(after.harvested);
  const rows: SeriesRow[] = new Array(series.rows.length);
  for (let index = series.rows.length - 1; index >= 0; index--) {
    const row = series.rows[index] as Omit<SeriesRow, 'activePrincipal'>;
    rows[index] = { ...row, activePrincipal: active.toFixed(8) };
    active = active.minus(row.invested).plus(row.principalHarvested);
  }

  const total = (pick: (row: SeriesRow) => string) => amountSum(rows.map(pick));
  return {
    range: { from: query.from, to: query.to, bucket: period.bucket },
    series: rows,
    totals: {
      invested: total((r) => r.invested),
      investments: rows.reduce((n, r) => n + r.investments, 0),
      interestAccrued: total((r) => r.interestAccrued),
      principalHarvested: total((r) => r.principalHarvested),
      interestPaid: total((r) => r.interestPaid),
    },
    byPlan: byPlan.rows,
    activeInvestors: investors.rows[0]?.count ?? 0,
    generatedAt: new Date().toISOString(),
  };
}

type HarvestDay = HarvestCalendar['days'][number];

/**
 * What each harvest day in the range owes: the active investments of the plans ending that day, their
 * principal, the interest accrued so far, and — a projection — the days still to accrue (from the plan's
 * next day to accrue, or the investment's first day, to the day before the end) at each investment's own terms.
 */
export async function harvestCalendar(db: Knex, query: ReportRangeQuery): Promise<HarvestCalendar> {
  // Investments that share a plan, terms and days are summed first (a few thousand groups instead of every
  // investment), then each group's interest to come is its sums times one factor: the same figure, since the
  // interest is linear in the principal, and one power() per group instead of one per investment.
  const result = await db.raw<{ rows: HarvestDay[] }>(
    `WITH grouped AS (
       SELECT ${END_DAY} AS harvest_day, p.id AS plan_id, i.compound, i.daily_rate,
              ${ACCRUED_DAYS} AS accrued_days, ${REMAINING_DAYS} AS remaining_days, count(*) AS investments,
              sum(i.principal) AS principal, sum(i.daily_interest) AS daily_interest,
              sum(i.accrued_interest) AS accrued_interest
         FROM plans p JOIN investments i ON i.plan_id = p.id AND i.status = 'active'
        WHERE ${END_DAY} >= ?::date AND ${END_DAY} <= ?::date
        GROUP BY 1, 2, 3, 4, 5, 6),
     priced AS (
       SELECT harvest_day, plan_id, investments, principal,
              CASE WHEN compound THEN accrued_interest ELSE daily_interest * accrued_days END AS so_far,
              -- A projection: the remaining days at the investments' own rate, compounding where they compound.
              ${interestToCome('', 'remaining_days')} AS projected
         FROM grouped)
     SELECT to_char(harvest_day, 'YYYY-MM-DD') AS "harvestDay",
            count(DISTINCT plan_id)::int AS plans, sum(investments)::int AS investments,
            ${amountText('sum(principal)')} AS principal,
            ${amountText('sum(so_far)')} AS "interestAccrued",
            ${amountText('sum(projected)')} AS "interestProjected",
            ${amountText('sum(principal + so_far + projected)')} AS "totalDue"
       FROM priced GROUP BY harvest_day ORDER BY harvest_day`,
    [query.from, query.to],
  );
  const days = result.rows;
  const total = (pick: (row: HarvestDay) => string) => amountSum(days.map(pick));
  return {
    from: query.from,
    to: query.to,
    days,
    totals: {
      principal: total((d) => d.principal),
      interestAccrued: total((d) => d.interestAccrued),
      interestProjected: total((d) => d.interestProjected),
      totalDue: total((d) => d.totalDue),
    },
    generatedAt: new Date().toISOString(),
  };
}
