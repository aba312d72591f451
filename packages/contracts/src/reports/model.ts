// The admin reports (issue 13 section 4, docs/decisions/0064-admin-reports.md): each service sums its own
// tables over a range of UTC days in day, week or month buckets; the screens put the answers together.
import { z } from '../zod.ts';
import { calendarDayStart } from '../calendar.ts';
import { KycStatus } from '../common.ts';
import { dayProblem, rangeDay } from '../wallet/statement.ts';

import {
  REPORT_BUCKET_INVALID,
  REPORT_BUCKETS,
  REPORT_MAX_DAYS,
  REPORT_RANGE_REVERSED,
  REPORT_RANGE_TOO_LONG,
} from './report-range.ts';

export {
  REPORT_BUCKET_INVALID,
  REPORT_BUCKETS,
  REPORT_MAX_DAYS,
  REPORT_RANGE_REVERSED,
  REPORT_RANGE_TOO_LONG,
} from './report-range.ts';

const DAY_MS = 86_400_000;

const reportDay = (field: 'from' | 'to') => rangeDay(field, 'report');

/** The range's problem, judged only between two accepted days. */
function checkRange(query: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (dayProblem('from', query.from) || dayProblem('to', query.to)) return;
  const from = calendarDayStart(query.from) as number;
  const to = calendarDayStart(query.to) as number;
  if (to < from) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_RANGE_REVERSED });
  else if ((to - from) / DAY_MS + 1 > REPORT_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_RANGE_TOO_LONG });
}

export const ReportBucket = z
  .enum(REPORT_BUCKETS, { error: () => REPORT_BUCKET_INVALID })
  .openapi({ description: 'Length of each bucket; weeks start on Monday (ISO), all in UTC' });
export type ReportBucket = z.infer<typeof ReportBucket>;

/** A range of days (the harvest calendar). An unknown parameter is refused rather than ignored. */
export const ReportRangeQuery = z
  .object({ from: reportDay('from'), to: reportDay('to') })
  .strict()
  .superRefine(checkRange)
  .openapi('ReportRangeQuery');
export type ReportRangeQuery = z.infer<typeof ReportRangeQuery>;

/** A range of days cut into buckets (every time series). */
export const ReportQuery = z
  .object({ from: reportDay('from'), to: reportDay('to'), bucket: ReportBucket.default('day') })
  .strict()
  .superRefine(checkRange)
  .openapi('ReportQuery');
export type ReportQuery = z.infer<typeof ReportQuery>;

/** A sum of amounts: signed, 8 decimals, as wide as the sum needs (never a float). */
export const ReportAmount = z
  .string()
  .regex(/^-?\d+\.\d{8}$/)
  .openapi({ example: '1250.50000000', description: 'USDT, 8 decimals (negative for a net outflow)' });
const Count = z.number().int().nonnegative();
/** The first day of a bucket (it may start before the range: only the range's days are counted in it). */
const BucketStart = z.string().openapi({ format: 'date', example: '2026-01-05' });

const ReportRange = z.object({
  from: z.string().openapi({ format: 'date' }),
  to: z.string().openapi({ format: 'date' }),
  bucket: ReportBucket,
});

// ---- wallet: GET /api/admin/reports/transactions ----

export const TransactionRequestType = z.enum(['deposit', 'withdrawal']);
export type TransactionRequestType = z.infer<typeof TransactionRequestType>;

export const TransactionReport = z
  .object({
    range: ReportRange,
    /** From the ledger: deposits credited and withdrawals paid out, by the time the money moved. */
    flows: z.array(
      z.object({
        bucket: BucketStart,
        deposits: ReportAmount,
        depositCount: Count,
        withdrawals: ReportAmount,
        withdrawalCount: Count,
        netFlow: ReportAmount,
      }),
    ),
    totals: z.object({ deposits: ReportAmount, withdrawals: ReportAmount, netFlow: ReportAmount }),
    /** Requests made in the range, by their status now. */
    requests: z.array(
      z.object({
        type: TransactionRequestType,
        status: z.enum(['pending', 'approved', 'rejected']),
        count: Count,
        volume: ReportAmount,
      }),
    ),
    /** Ledger movements in the range by kind (deposit, withdrawal_hold, investment, harvest_interest, …). */
    movements: z.array(z.object({ kind: z.string(), count: Count, volume: ReportAmount })),
    /** Requests reviewed in the range: how long they waited from request to review, in seconds. */
    reviewWait: z.array(
      z.object({
        type: TransactionRequestType,
        reviewed: Count,
        medianSeconds: z.number().nonnegative().nullable(),
        p95Seconds: z.number().nonnegative().nullable(),
      }),
    ),
    generatedAt: z.string(),
  })
  .openapi('TransactionReport');
export type TransactionReport = z.infer<typeof TransactionReport>;

// ---- plans: GET /api/admin/reports/investments and /api/admin/reports/harvest-calendar ----

export const InvestmentReport = z
  .object({
    range: ReportRange,
    series: z.array(
      z.object({
        bucket: BucketStart,
        /** Principal of the investments activated (paid for) in the bucket. */
        invested: ReportAmount,
        investments: Count,
        /** Principal of all active investments at the end of the bucket (or of the range). */
        activePrincipal: ReportAmount,
        /** Interest accrued for the bucket's days (the daily accruals). */
        interestAccrued: ReportAmount,
        /** Principal and interest of the investments harvested in the bucket. */
        principalHarvested: ReportAmount,
        interestPaid: ReportAmount,
      }),
    ),
    totals: z.object({
      invested: ReportAmount,
      investments: Count,
      interestAccrued: ReportAmount,
      principalHarvested: ReportAmount,
      interestPaid: ReportAmount,
    }),
    byPlan: z.array(
      z.object({
        planId: z.uuid(),
        title: z.string(),
        /** In the range. */
        invested: ReportAmount,
        interestPaid: ReportAmount,
        /** Now, whatever the range: active principal and the interest accrued on it so far. */
        activePrincipal: ReportAmount,
        interestAccruedToDate: ReportAmount,
      }),
    ),
    /** Investors with at least one active investment now. */
    activeInvestors: Count,
    generatedAt: z.string(),
  })
  .openapi('InvestmentReport');
export type InvestmentReport = z.infer<typeof InvestmentReport>;

export const HarvestCalendar = z
  .object({
    from: z.string().openapi({ format: 'date' }),
    to: z.string().openapi({ format: 'date' }),
    /** One row per harvest day in the range that has active investments, earliest first. */
    days: z.array(
      z.object({
        harvestDay: z.string().openapi({ format: 'date' }),
        plans: Count,
        investments: Count,
        principal: ReportAmount,
        /** Interest already accrued on those investments. */
        interestAccrued: ReportAmount,
        /** A projection: the rest of their accrual days at each investment's own rate, compounding where it compounds. */
        interestProjected: ReportAmount,
        /** principal + interestAccrued + interestProjected: what the platform must fund that day (projected). */
        totalDue: ReportAmount,
        /**
         * Funded plans (docs/decisions/0091) harvesting that day: what their proceeds must pay (principal sent to
         * the operators and all interest, projected), what they hold for it (proceeds + reserve allocated − already
         * paid), and the coverage, held / due to 4 places, null when nothing is due from proceeds (legacy plans only).
         */
        dueFromProceeds: ReportAmount,
        heldForPayout: ReportAmount,
        coverage: z.string().nullable().openapi({ example: '0.8125' }),
      }),
    ),
    totals: z.object({
      principal: ReportAmount,
      interestAccrued: ReportAmount,
      interestProjected: ReportAmount,
      totalDue: ReportAmount,
    }),
    generatedAt: z.string(),
  })
  .openapi('HarvestCalendar');
export type HarvestCalendar = z.infer<typeof HarvestCalendar>;

// ---- identity: GET /api/admin/reports/users ----

export const UserReport = z
  .object({
    range: ReportRange,
    /** Investor accounts registered in each bucket. */
    series: z.array(z.object({ bucket: BucketStart, signUps: Count })),
    totals: z.object({ signUps: Count }),
    /** Every investor now, by verification (KYC) status. */
    verification: z.array(z.object({ status: KycStatus, count: Count })),
    investors: Count,
    generatedAt: z.string(),
  })
  .openapi('UserReport');
export type UserReport = z.infer<typeof UserReport>;

// ---- kyc: GET /api/admin/reports/kyc ----

export const KycReport = z
  .object({
    range: ReportRange,
    /** Submissions made in each bucket, and reviews decided in each bucket. */
    series: z.array(z.object({ bucket: BucketStart, submitted: Count, approved: Count, rejected: Count })),
    /** The submissions made in the range, by their status now. */
    funnel: z.object({ submitted: Count, pending: Count, approved: Count, rejected: Count }),
    generatedAt: z.string(),
  })
  .openapi('KycReport');
export type KycReport = z.infer<typeof KycReport>;
