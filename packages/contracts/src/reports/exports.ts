// The admin CSV exports (Export Data): each dataset is streamed by the service that owns its table, straight
// from the database, with the filters of its admin list and a range of UTC days on the rows' creation time.
// Money columns are exact decimal strings; times are ISO 8601 in UTC.
import { z } from '../zod.ts';
import { calendarDayStart } from '../calendar.ts';
import { Uuid } from '../common.ts';
import { dayProblem } from '../wallet/statement.ts';
import { AdminTransferStatusFilter } from '../wallet/model.ts';
import { InvestmentStatus } from '../plans/model.ts';
import { AuditAction } from '../identity/audit.ts';
import { EXPORT_RANGE_REVERSED } from './export-datasets.ts';

export * from './export-datasets.ts';

/** A day bounding an export (UTC, included); optional. */
export const exportDay = (field: 'from' | 'to') =>
  z
    .string({ error: `${field} must be given once, as YYYY-MM-DD` })
    .superRefine((value, ctx) => {
      const problem = dayProblem(field, value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional()
    .openapi({
      type: 'string',
      format: 'date',
      example: field === 'from' ? '2026-01-01' : '2026-03-31',
      description: `${field === 'from' ? 'First' : 'Last'} day (UTC, included) of the rows' creation; none: no bound`,
    });

/** The days both given are real and in order; either may be left out. */
export const exportRangeInOrder = (query: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (!query.from || !query.to || dayProblem('from', query.from) || dayProblem('to', query.to)) return;
  if ((calendarDayStart(query.to) as number) < (calendarDayStart(query.from) as number))
    ctx.addIssue({ code: 'custom', path: ['to'], message: EXPORT_RANGE_REVERSED });
};

const range = { from: exportDay('from'), to: exportDay('to') };

export const UserExportQuery = z
  .object({ ...range, role: z.enum(['investor', 'admin']).optional() })
  .strict()
  .superRefine(exportRangeInOrder)
  .openapi('UserExportQuery');
export type UserExportQuery = z.infer<typeof UserExportQuery>;

export const TransferExportQuery = z
  .object({ ...range, status: AdminTransferStatusFilter.default('all') })
  .strict()
  .superRefine(exportRangeInOrder)
  .openapi('TransferExportQuery');
export type TransferExportQuery = z.infer<typeof TransferExportQuery>;

export const LedgerExportQuery = z
  .object(range)
  .strict()
  .superRefine(exportRangeInOrder)
  .openapi('LedgerExportQuery');
export type LedgerExportQuery = z.infer<typeof LedgerExportQuery>;

export const InvestmentExportQuery = z
  .object({ ...range, status: InvestmentStatus.optional() })
  .strict()
  .superRefine(exportRangeInOrder)
  .openapi('InvestmentExportQuery');
export type InvestmentExportQuery = z.infer<typeof InvestmentExportQuery>;

export const AuditExportQuery = z
  .object({ ...range, action: AuditAction.optional(), adminId: Uuid.optional() })
  .strict()
  .superRefine(exportRangeInOrder)
  .openapi('AuditExportQuery');
export type AuditExportQuery = z.infer<typeof AuditExportQuery>;

/** The answer: a CSV file, sent chunked as it is read; X-Total-Count holds its number of data rows. */
export const ExportFile = z.string().openapi({
  format: 'binary',
  description:
    'A CSV (UTF-8) with a header row, one row per record in creation order; sent as an attachment named with the day it was made. X-Total-Count holds the number of data rows.',
});
