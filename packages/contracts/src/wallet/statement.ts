// The investor's account statement (GET /api/statement): which days it covers, in which format, and the
// columns of the CSV. Days are calendar days in UTC, both ends included.
import { z } from '../zod.ts';
import { calendarDayStart, DAY_PATTERN } from '../calendar.ts';

export const STATEMENT_FORMATS = ['csv', 'pdf'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** One request covers at most this many days (a leap year), so one answer stays a bounded piece of work. */
export const STATEMENT_MAX_DAYS = 366;
export const STATEMENT_RANGE_TOO_LONG = 'A statement covers at most 1 year per request';
export const STATEMENT_RANGE_REVERSED = 'The end date (to) must be on or after the start date (from)';
export const STATEMENT_FORMAT_INVALID = 'format must be csv or pdf';

/** Years a statement may name: the platform's data starts well after 2000, and the bounds keep dates sane. */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2199;
const DAY_MS = 86_400_000;

/** Why `value` is not a day a statement may name, or null when it is one. */
export function dayProblem(field: 'from' | 'to', value: unknown): string | null {
  if (typeof value !== 'string' || !DAY_PATTERN.test(value)) return `${field} must be a day as YYYY-MM-DD`;
  const start = calendarDayStart(value);
  if (start === null) return `${field} is not a real calendar day: ${value}`;
  const year = new Date(start).getUTCFullYear();
  if (year < FIRST_YEAR || year > LAST_YEAR)
    return `${field} must be a day between ${FIRST_YEAR}-01-01 and ${LAST_YEAR}-12-31`;
  return null;
}

/** One end of a range of whole UTC days (a statement's, a report's), both ends included. */
export const rangeDay = (field: 'from' | 'to', of: 'statement' | 'report') =>
  z
    .string({
      error: (issue: { input?: unknown }) =>
        issue.input === undefined
          ? `${field} is required (a day as YYYY-MM-DD)`
          : `${field} must be given once, as YYYY-MM-DD`,
    })
    .superRefine((value, ctx) => {
      const problem = dayProblem(field, value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .openapi({
      type: 'string',
      format: 'date',
      example: field === 'from' ? '2026-01-01' : '2026-03-31',
      description: `${field === 'from' ? 'First' : 'Last'} day of the ${of} (UTC, included)`,
    });

/**
 * The statement's query. The user is never a parameter: the statement is always the caller's own, and an
 * unknown parameter (`userId`, a typo) is refused rather than ignored.
 */
export const StatementQuery = z
  .object({
    from: rangeDay('from', 'statement'),
    to: rangeDay('to', 'statement'),
    format: z.enum(STATEMENT_FORMATS, { error: () => STATEMENT_FORMAT_INVALID }),
  })
  .strict()
  .superRefine((query, ctx) => {
    // Runs even when a day above was refused; the range is only judged between two accepted days.
    if (dayProblem('from', query.from) || dayProblem('to', query.to)) return;
    const from = calendarDayStart(query.from) as number;
    const to = calendarDayStart(query.to) as number;
    if (to < from) ctx.addIssue({ code: 'custom', path: ['to'], message: STATEMENT_RANGE_REVERSED });
    else if ((to - from) / DAY_MS + 1 > STATEMENT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: STATEMENT_RANGE_TOO_LONG });
  });
export type StatementQuery = z.infer<typeof StatementQuery>;

/**
 * The CSV's columns. After the header: an "Opening balance" row, one row per movement of the available
 * balance (oldest first), a "Closing balance" row. Amounts are signed with 8 decimals; the balance column is
 * the available balance right after the row. A harvest settled short adds a "Realised loss" row right after
 * its payout (docs/decisions/0096): the investment in Reference, what was due and not paid in the last column,
 * no amount (a loss moves no money) and the balance unchanged, so the amounts still add up to the balances.
 */
export const STATEMENT_CSV_COLUMNS = [
  'Date (UTC)',
  'Type',
  'Reference',
  'Amount (USDT)',
  'Balance (USDT)',
  'Realised loss (USDT)',
] as const;
export const STATEMENT_OPENING_ROW = 'Opening balance';
export const STATEMENT_CLOSING_ROW = 'Closing balance';
export const STATEMENT_REALISED_LOSS_ROW = 'Realised loss (settled short)';

/** The answer: a file, not JSON. */
export const StatementFile = z.string().openapi({
  format: 'binary',
  description: `A CSV with the columns ${STATEMENT_CSV_COLUMNS.join(', ')} (opening balance row, movements and realised losses, closing balance row), or a PDF, by \`format\`; sent as an attachment.`,
});
