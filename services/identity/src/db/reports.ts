// Identity's admin report (docs/decisions/0064-admin-reports.md): investor sign-ups over time and investors
// by verification status (users.kyc_status, the projection of the KYC service's reviews).
import { KycStatus, type ReportQuery, type UserReport } from '@cropvest/contracts';
import {
  BUCKETS_CTE,
  bucketBindings,
  bucketDay,
  bucketOf,
  reportPeriod,
  type Knex,
} from '@cropvest/service-kit/db';

export async function userReport(db: Knex, query: ReportQuery): Promise<UserReport> {
  const period = reportPeriod(query);
  const [series, statuses] = await Promise.all([
    db.raw<{ rows: UserReport['series'] }>(
      `WITH ${BUCKETS_CTE}, sums AS (
         SELECT ${bucketOf('created_at')} AS bucket_start, count(*) AS sign_ups FROM users
          WHERE role = 'investor' AND created_at >= ?::timestamptz AND created_at < ?::timestamptz GROUP BY 1)
       SELECT ${bucketDay('b.bucket_start')} AS bucket, coalesce(s.sign_ups, 0)::int AS "signUps"
         FROM buckets b LEFT JOIN sums s USING (bucket_start) ORDER BY b.bucket_start`,
      [...bucketBindings(period), period.bucket, period.start, period.end],
    ),
    db.raw<{ rows: { status: KycStatus; count: number }[] }>(
      `SELECT kyc_status AS status, count(*)::int AS count FROM users WHERE role = 'investor' GROUP BY kyc_status`,
    ),
  ]);
  // Every status is listed, a status nobody is in with 0, in the contract's order.
  const verification = KycStatus.options.map((status) => ({
    status,
    count: statuses.rows.find((row) => row.status === status)?.count ?? 0,
  }));
  return {
    range: { from: query.from, to: query.to, bucket: period.bucket },
    series: series.rows,
    totals: { signUps: series.rows.reduce((n, row) => n + row.signUps, 0) },
    verification,
    investors: verification.reduce((n, row) => n + row.count, 0),
    generatedAt: new Date().toISOString(),
  };
}
