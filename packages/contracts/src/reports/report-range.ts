// The reports' range rules without zod, so the admin screens can check a range before asking (and not pull
// the schemas into their chunks): reports.ts builds the query schemas from them.
export const REPORT_BUCKETS = ['day', 'week', 'month'] as const;
export type ReportBucket = (typeof REPORT_BUCKETS)[number];
/** One answer covers at most this many days (a leap year), so a report stays a bounded piece of work. */
export const REPORT_MAX_DAYS = 366;
export const REPORT_RANGE_TOO_LONG = `A report covers at most ${REPORT_MAX_DAYS} days per request`;
export const REPORT_RANGE_REVERSED = 'The end date (to) must be on or after the start date (from)';
export const REPORT_BUCKET_INVALID = 'bucket must be day, week or month';
