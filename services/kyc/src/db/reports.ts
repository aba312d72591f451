// The KYC service's admin report (docs/decisions/0064-admin-reports.md): submissions and review outcomes
// over time, and the funnel of the range's submissions by their status now.
import type { KycReport, ReportQuery } from '@cropvest/contracts';
import {
  BUCKETS_CTE,
  bucketBindings,
  bucketDay,
  bucketOf,
  reportPeriod,
  type Knex,
} from '@cropvest/service-kit/db';

export async function kycReport(db: Knex, query: ReportQuery): Promise<KycReport> {
  const period = reportPeriod(query);
  const range = [period.start, period.end];
  const [series, funnel] = await Promise.all([
    db.raw<{ rows: KycReport['series'] }>(
      `WITH ${BUCKETS_CTE},
       submitted AS (
         SELECT ${bucketOf('submitted_at')} AS bucket_start, count(*) AS n FROM kyc_documents
          WHERE submitted_at >= ?::timestamptz AND submitted_at < ?::timestamptz GROUP BY 1),
       reviewed AS (
         SELECT ${bucketOf('reviewed_at')} AS bucket_start,
                count(*) FILTER (WHERE status = 'approved') AS approved, count(*) FILTER (WHERE status = 'rejected') AS rejected
           FROM kyc_documents WHERE reviewed_at >= ?::timestamptz AND reviewed_at < ?::timestamptz GROUP BY 1)
       SELECT ${bucketDay('b.bucket_start')} AS bucket, coalesce(s.n, 0)::int AS submitted,
              coalesce(r.approved, 0)::int AS approved, coalesce(r.rejected, 0)::int AS rejected
         FROM buckets b LEFT JOIN submitted s USING (bucket_start) LEFT JOIN reviewed r USING (bucket_start)
        ORDER BY b.bucket_start`,
      [...bucketBindings(period), period.bucket, ...range, period.bucket, ...range],
    ),
    db.raw<{ rows: KycReport['funnel'][] }>(
      `SELECT count(*)::int AS submitted,
              count(*) FILTER (WHERE status = 'pending')::int AS pending,
              count(*) FILTER (WHERE status = 'approved')::int AS approved,
              count(*) FILTER (WHERE status = 'rejected')::int AS rejected
         FROM kyc_documents WHERE submitted_at >= ?::timestamptz AND submitted_at < ?::timestamptz`,
      range,
    ),
  ]);
  return {
    range: { from: query.from, to: query.to, bucket: period.bucket },
    series: series.rows,
    funnel: funnel.rows[0] ?? { submitted: 0, pending: 0, approved: 0, rejected: 0 },
    generatedAt: new Date().toISOString(),
  };
}
