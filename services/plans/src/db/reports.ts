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
} from '@cropvest/service-kit/db';
import { END_DAY } from './accrual.ts';
// Interest so far and to come from each investment's own terms; the figures test holds them to the accruals.
import { accruedDays, interestToCome, remainingDays } from './interest-terms.ts';

type SeriesRow = InvestmentReport['series'][number];

export async function investmentReport(db: Knex, query: ReportQuery): Promise<InvestmentReport> {
  const period = reportPeriod(query);
  const { start, end } = period;

  const [startDay, endDay] = [start.slice(0, 10), end.slice(0, 10)];
  // Every figure but the active investors reads the rollups (migration 009, docs/decisions/0072-report-rollups.md):
  // a day's rows hold what the investments activated, harvested and accrued that UTC day, so a range of whole
  // days sums the same rows as the timestamps' range did.
  const [series, byPlan, investors, afterRange] = await Promise.all([
    db.raw<{ rows: Omit<SeriesRow, 'activePrincipal'>[] }>(
      `WITH ${BUCKETS_CTE},
       daily AS (
         SELECT ${bucketOf("day::timestamp AT TIME ZONE 'UTC'")} AS bucket_start, sum(invested) AS invested,
                sum(investments) AS investments, sum(principal_harvested) AS principal_harvested,
                sum(interest_paid) AS interest_paid, sum(interest_accrued) AS interest_accrued
           FROM report_daily WHERE day >= ?::date AND day < ?::date GROUP BY 1)
       SELECT ${bucketDay('b.bucket_start')} AS bucket,
              ${amountText('d.invested')} AS invested,
              coalesce(d.investments, 0)::int AS investments,
              ${amountText('d.interest_accrued')} AS "interestAccrued",
              ${amountText('d.principal_harvested')} AS "principalHarvested",
              ${amountText('d.interest_paid')} AS "interestPaid"
         FROM buckets b
         LEFT JOIN daily d USING (bucket_start)
        ORDER BY b.bucket_start`,
      [...bucketBindings(period), period.bucket, startDay, endDay],
    ),
    // Interest accrued to date: what the harvested investments were paid, plus the active ones' interest so far
    // from their terms summed per plan and terms (the same formula as INTEREST_SO_FAR, per group).
    db.raw<{ rows: InvestmentReport['byPlan'] }>(
      `WITH daily AS (
         SELECT plan_id,
                sum(invested) FILTER (WHERE day >= ?::date AND day < ?::date) AS invested,
                sum(interest_paid) FILTER (WHERE day >= ?::date AND day < ?::date) AS paid,
                sum(interest_paid) AS paid_to_date, sum(investments_harvested) AS harvested
           FROM report_daily GROUP BY plan_id),
       active AS (
         SELECT t.plan_id, sum(t.investments) AS investments, sum(t.principal) AS principal,
                sum(CASE WHEN t.compound THEN t.accrued_interest
                         ELSE t.daily_interest * ${accruedDays('t.created_day')} END) AS accrued
           FROM report_active_terms t JOIN plans p ON p.id = t.plan_id GROUP BY t.plan_id)
       SELECT p.id AS "planId", p.title,
              ${amountText('d.invested')} AS invested, ${amountText('d.paid')} AS "interestPaid",
              ${amountText('a.principal')} AS "activePrincipal",
              ${amountText('coalesce(d.paid_to_date, 0) + coalesce(a.accrued, 0)')} AS "interestAccruedToDate"
         FROM plans p
         LEFT JOIN daily d ON d.plan_id = p.id
         LEFT JOIN active a ON a.plan_id = p.id
        WHERE coalesce(a.investments, 0) > 0 OR coalesce(d.harvested, 0) > 0
        ORDER BY p.created_at, p.id`,
      [startDay, endDay, startDay, endDay],
    ),
    db.raw<{ rows: { count: number }[] }>(
      `SELECT count(*)::int AS count FROM (SELECT DISTINCT user_id FROM investments WHERE status = 'active') u`,
    ),
    // What changed the active principal after the range (a range ending today or later: nothing).
    db.raw<{ rows: { invested: string; harvested: string }[] }>(
      `SELECT coalesce(sum(invested), 0) AS invested, coalesce(sum(principal_harvested), 0) AS harvested
         FROM report_daily WHERE day >= ?::date`,
      [endDay],
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
  // The active investments come summed per plan and terms (report_active_terms, kept by triggers), then each
  // group's interest to come is its sums times one factor: the same figure, since the interest is linear in the
  // principal, and one power() per group instead of one per investment.
  const result = await db.raw<{ rows: HarvestDay[] }>(
    `WITH grouped AS (
       SELECT ${END_DAY} AS harvest_day, p.id AS plan_id, p.funding_model = 'funded' AS funded, t.compound, t.daily_rate,
              ${accruedDays('t.created_day')} AS accrued_days, ${remainingDays('t.created_day')} AS remaining_days,
              sum(t.investments) AS investments, sum(t.principal) AS principal,
              sum(t.daily_interest) AS daily_interest, sum(t.accrued_interest) AS accrued_interest
         FROM plans p JOIN report_active_terms t ON t.plan_id = p.id AND t.investments > 0
        WHERE ${END_DAY} >= ?::date AND ${END_DAY} <= ?::date
        GROUP BY 1, 2, 3, 4, 5, 6, 7),
     priced AS (
       SELECT harvest_day, plan_id, funded, investments, principal,
              CASE WHEN compound THEN accrued_interest ELSE daily_interest * accrued_days END AS so_far,
              -- A projection: the remaining days at the investments' own rate, compounding where they compound.
              ${interestToCome('', 'remaining_days')} AS projected
         FROM grouped),
     -- Each funded plan once: what it holds for its payout and the principal it sent to its operator.
     held AS (
       SELECT ${END_DAY} AS harvest_day,
              sum(p.proceeds_received + p.reserve_allocated - p.paid_from_proceeds) AS held,
              sum((SELECT coalesce(sum(i.disbursed_principal), 0) FROM investments i
                    WHERE i.plan_id = p.id AND i.status = 'active')) AS disbursed
         FROM plans p
        WHERE p.funding_model = 'funded' AND p.id IN (SELECT plan_id FROM priced)
        GROUP BY 1),
     days AS (
       SELECT harvest_day, count(DISTINCT plan_id)::int AS plans, sum(investments)::int AS investments,
              sum(principal) AS principal, sum(so_far) AS so_far, sum(projected) AS projected,
              coalesce(sum(so_far + projected) FILTER (WHERE funded), 0) AS funded_interest
         FROM priced GROUP BY harvest_day)
     SELECT to_char(d.harvest_day, 'YYYY-MM-DD') AS "harvestDay", d.plans, d.investments,
            ${amountText('d.principal')} AS principal,
            ${amountText('d.so_far')} AS "interestAccrued",
            ${amountText('d.projected')} AS "interestProjected",
            ${amountText('d.principal + d.so_far + d.projected')} AS "totalDue",
            ${amountText('coalesce(h.disbursed, 0) + d.funded_interest')} AS "dueFromProceeds",
            ${amountText('coalesce(h.held, 0)')} AS "heldForPayout",
            CASE WHEN coalesce(h.disbursed, 0) + d.funded_interest > 0
                 THEN round(coalesce(h.held, 0) / (coalesce(h.disbursed, 0) + d.funded_interest), 4)::text
            END AS coverage
       FROM days d LEFT JOIN held h ON h.harvest_day = d.harvest_day
      ORDER BY d.harvest_day`,
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
