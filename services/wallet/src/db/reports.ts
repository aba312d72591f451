// The wallet's admin report (docs/decisions/0064-admin-reports.md): money in and out from the ledger's
// transfers, requests by status, movements by kind and review waits, each one statement over this
// service's own tables.
import type { TransactionReport, ReportQuery } from '@cropvest/contracts';
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

/** Ledger transfer kinds that bring money onto the platform and take it off. */
const INFLOW_KIND = 'deposit';
const OUTFLOW_KIND = 'withdrawal_settle';

export async function transactionReport(db: Knex, query: ReportQuery): Promise<TransactionReport> {
  const period = reportPeriod(query);
  const inRange = 'created_at >= ?::timestamptz AND created_at < ?::timestamptz';
  const range = [period.start, period.end];

  const [flows, requests, movements, waits] = await Promise.all([
    db.raw<{ rows: TransactionReport['flows'] }>(
      `WITH ${BUCKETS_CTE}, sums AS (
         SELECT ${bucketOf('created_at')} AS bucket_start,
                sum(amount) FILTER (WHERE kind = ?) AS deposits, count(*) FILTER (WHERE kind = ?) AS deposit_count,
                sum(amount) FILTER (WHERE kind = ?) AS withdrawals, count(*) FILTER (WHERE kind = ?) AS withdrawal_count
           FROM transfers
          WHERE kind IN (?, ?) AND ${inRange}
          GROUP BY 1)
       SELECT ${bucketDay('b.bucket_start')} AS bucket,
              ${amountText('s.deposits')} AS deposits, coalesce(s.deposit_count, 0)::int AS "depositCount",
              ${amountText('s.withdrawals')} AS withdrawals, coalesce(s.withdrawal_count, 0)::int AS "withdrawalCount",
              ${amountText('coalesce(s.deposits, 0) - coalesce(s.withdrawals, 0)')} AS "netFlow"
         FROM buckets b LEFT JOIN sums s USING (bucket_start)
        ORDER BY b.bucket_start`,
      [
        ...bucketBindings(period),
        period.bucket,
        INFLOW_KIND,
        INFLOW_KIND,
        OUTFLOW_KIND,
        OUTFLOW_KIND,
        INFLOW_KIND,
        OUTFLOW_KIND,
        ...range,
      ],
    ),
    db.raw<{ rows: TransactionReport['requests'] }>(
      `SELECT type, status, count(*)::int AS count, ${amountText('sum(amount)')} AS volume FROM (
         SELECT 'deposit' AS type, status, amount FROM deposits WHERE ${inRange}
         UNION ALL
         SELECT 'withdrawal', status, amount FROM withdrawals WHERE ${inRange}) requests
        GROUP BY type, status ORDER BY type, status`,
      [...range, ...range],
    ),
    db.raw<{ rows: TransactionReport['movements'] }>(
      `SELECT kind, count(*)::int AS count, ${amountText('sum(amount)')} AS volume
         FROM transfers WHERE ${inRange} GROUP BY kind ORDER BY kind`,
      range,
    ),
    db.raw<{
      rows: { type: 'deposit' | 'withdrawal'; reviewed: number; median: string | null; p95: string | null }[];
    }>(
      `SELECT type, count(*)::int AS reviewed,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY wait) AS median,
              percentile_cont(0.95) WITHIN GROUP (ORDER BY wait) AS p95
         FROM (
           SELECT 'deposit' AS type, extract(epoch FROM reviewed_at - created_at) AS wait
             FROM deposits WHERE reviewed_at >= ?::timestamptz AND reviewed_at < ?::timestamptz
           UNION ALL
           SELECT 'withdrawal', extract(epoch FROM reviewed_at - created_at)
             FROM withdrawals WHERE reviewed_at >= ?::timestamptz AND reviewed_at < ?::timestamptz) waits
        GROUP BY type`,
      [...range, ...range],
    ),
  ]);

  const flowRows = flows.rows;
  const sum = (pick: (row: TransactionReport['flows'][number]) => string) => amountSum(flowRows.map(pick));
  const waitOf = (type: 'deposit' | 'withdrawal') => {
    const row = waits.rows.find((r) => r.type === type);
    return {
      type,
      reviewed: row?.reviewed ?? 0,
      medianSeconds: row?.median == null ? null : Number(row.median),
      p95Seconds: row?.p95 == null ? null : Number(row.p95),
    };
  };
  return {
    range: { from: query.from, to: query.to, bucket: period.bucket },
    flows: flowRows,
    totals: {
      deposits: sum((r) => r.deposits),
      withdrawals: sum((r) => r.withdrawals),
      netFlow: sum((r) => r.netFlow),
    },
    requests: requests.rows,
    movements: movements.rows,
    reviewWait: [waitOf('deposit'), waitOf('withdrawal')],
    generatedAt: new Date().toISOString(),
  };
}
