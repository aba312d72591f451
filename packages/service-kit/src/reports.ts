// Time buckets for the admin reports (docs/decisions/0064-admin-reports.md), shared so every service cuts
// time the same way: UTC days, both ends of the range included, weeks from Monday. Every expression names
// its time zone ('UTC'), so the session's TimeZone setting never moves a row into another bucket.
import { MoneyDecimal, type ReportQuery } from '@cropvest/contracts';

export interface ReportPeriod {
  /** The range's first instant and the instant after its last day (exclusive), as ISO timestamps. */
  start: string;
  end: string;
  bucket: ReportQuery['bucket'];
  /** One bucket's length as an interval, '1 day' | '1 week' | '1 month'. */
  step: string;
}

const DAY_MS = 86_400_000;

export function reportPeriod(query: {
  from: string;
  to: string;
  bucket?: ReportQuery['bucket'];
}): ReportPeriod {
  const bucket = query.bucket ?? 'day';
  return {
    start: `${query.from}T00:00:00.000Z`,
    end: new Date(Date.parse(`${query.to}T00:00:00.000Z`) + DAY_MS).toISOString(),
    bucket,
    step: `1 ${bucket}`,
  };
}

/**
 * A `buckets (bucket_start, bucket_end)` CTE body: every bucket that meets the range, empty ones included;
 * the last bucket's end is cut at the range's end. Its bindings: `bucketBindings(period)`.
 */
export const BUCKETS_CTE = `buckets AS (
  SELECT b AS bucket_start, least(date_add(b, ?::interval, 'UTC'), ?::timestamptz) AS bucket_end
    FROM generate_series(date_trunc(?, ?::timestamptz, 'UTC'), ?::timestamptz - interval '1 microsecond', ?::interval, 'UTC') AS b
)`;
export const bucketBindings = (period: ReportPeriod): string[] => [
  period.step,
  period.end,
  period.bucket,
  period.start,
  period.end,
  period.step,
];

/** The bucket a timestamp column falls in (one binding: the bucket name). */
export const bucketOf = (column: string): string => `date_trunc(?, ${column}, 'UTC')`;

/** A bucket's first day as `YYYY-MM-DD`. */
export const bucketDay = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/** A sum of numeric(18,8) amounts as text with exactly 8 decimals ('0.00000000' for no rows). */
export const amountText = (expression: string): string => `coalesce(${expression}, 0)::numeric(38,8)::text`;

/** The exact sum of report amounts (decimal strings), with 8 decimals. */
export const amountSum = (values: string[]): string =>
  values.reduce((total, value) => total.plus(value), new MoneyDecimal(0)).toFixed(8);
