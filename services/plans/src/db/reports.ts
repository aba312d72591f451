// The plans service's admin reports (docs/decisions/0064-admin-reports.md): money invested, active principal
// and interest over time, by plan, and the harvest calendar, each one statement over this service's tables.
import type { HarvestCalendar, InvestmentReport, ReportQuery, ReportRangeQuery } from '@cropvest/contracts';
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
import { END_DAY, NEXT_DAY } from './accrual.ts';

type SeriesRow = InvestmentReport['series'][number];

export async function investmentReport(db: Knex, query: ReportQuery): Promise<InvestmentReport> {
  const period = reportPeriod(query);
  const { start, end } = period;

  const [series, byPlan, investors] = await Promise.all([
    // Active principal at each bucket's end: what was active when the range began, plus the running sum of
    // principal activated minus principal harvested.
    db.raw<{ rows: SeriesRow[] }>(
      `WITH ${BUCKETS_CTE},
       invested AS (
         SELECT ${bucketOf('activated_at')} AS bucket_start, sum(principal) AS amount, count(*) AS investments
           FROM investments WHERE activated_at >= ?::timestamptz AND activated_at < ?::timestamptz GROUP BY 1),
       harvested AS (
         SELECT ${bucketOf('completed_at')} AS bucket_start, sum(principal) AS principal, sum(interest_earned) AS interest
           FROM investments WHERE completed_at >= ?::timestamptz AND completed_at < ?::timestamptz GROUP BY 1),
       accrued AS (
         SELECT ${bucketOf("day::timestamp AT TIME ZONE 'UTC'")} AS bucket_start, sum(amount) AS amount
           FROM accruals WHERE day >= ?::date AND day < ?::date GROUP BY 1),
       opening AS (
         SELECT coalesce(sum(principal), 0) AS amount FROM investments
          WHERE activated_at < ?::timestamptz AND (completed_at IS NULL OR completed_at >= ?::timestamptz))
       SELECT ${bucketDay('b.bucket_start')} AS bucket,
              ${amountText('i.amount')} AS invested,
              coalesce(i.investments, 0)::int AS investments,
              ${amountText(`(SELECT amount FROM opening) + sum(coalesce(i.amount, 0) - coalesce(h.principal, 0)) OVER (ORDER BY b.bucket_start)`)} AS "activePrincipal",
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
        start,
        start,
      ],
    ),
    db.raw<{ rows: InvestmentReport['byPlan'] }>(
      `SELECT p.id AS "planId", p.title,
              ${amountText('s.invested')} AS invested, ${amountText('s.paid')} AS "interestPaid",
              ${amountText('s.active')} AS "activePrincipal", ${amountText('s.accrued')} AS "interestAccruedToDate"
         FROM (
           SELECT plan_id,
                  sum(principal) FILTER (WHERE activated_at >= ?::timestamptz AND activated_at < ?::timestamptz) AS invested,
                  sum(interest_earned) FILTER (WHERE completed_at >= ?::timestamptz AND completed_at < ?::timestamptz) AS paid,
                  sum(principal) FILTER (WHERE status = 'active') AS active,
                  sum(interest_earned) AS accrued
             FROM investments WHERE status IN ('active', 'completed') GROUP BY plan_id) s
         JOIN plans p ON p.id = s.plan_id
        ORDER BY p.created_at, p.id`,
      [start, end, start, end],
    ),
    db.raw<{ rows: { count: number }[] }>(
      `SELECT count(*)::int AS count FROM (SELECT user_id FROM investments WHERE status = 'active' GROUP BY user_id) u`,
    ),
  ]);

  const rows = series.rows;
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
 * next day to accrue, or the investment's first day, to the day before the end) at the current daily interest.
 */
export async function harvestCalendar(db: Knex, query: ReportRangeQuery): Promise<HarvestCalendar> {
  const remainingDays = `greatest(0, ${END_DAY} - greatest(${NEXT_DAY}, (i.created_at AT TIME ZONE 'UTC')::date))`;
  const result = await db.raw<{ rows: HarvestDay[] }>(
    `SELECT to_char(${END_DAY}, 'YYYY-MM-DD') AS "harvestDay",
            count(DISTINCT p.id)::int AS plans, count(*)::int AS investments,
            ${amountText('sum(i.principal)')} AS principal,
            ${amountText('sum(i.interest_earned)')} AS "interestAccrued",
            ${amountText(`sum(i.daily_interest * ${remainingDays})`)} AS "interestProjected",
            ${amountText(`sum(i.principal + i.interest_earned + i.daily_interest * ${remainingDays})`)} AS "totalDue"
       FROM plans p JOIN investments i ON i.plan_id = p.id AND i.status = 'active'
      WHERE ${END_DAY} >= ?::date AND ${END_DAY} <= ?::date
      GROUP BY ${END_DAY} ORDER BY ${END_DAY}`,
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
