// The admin CSV exports (Export Data): each dataset is streamed by the service that owns its table, straight
// from the database, with the filters of its admin list and a range of UTC days on the rows' creation time.
// Money columns are exact decimal strings; times are ISO 8601 in UTC.
import { z } from './zod.ts';
import { calendarDayStart } from './calendar.ts';
import { Uuid } from './common.ts';
import { dayProblem } from './statement.ts';
import { AdminTransferStatusFilter } from './wallet.ts';
import { InvestmentStatus } from './plans.ts';
import { AuditAction } from './audit.ts';

export const EXPORT_DATASETS = [
  'users',
  'deposits',
  'withdrawals',
  'ledger-entries',
  'investments',
  'audit-logs',
] as const;
export type ExportDataset = (typeof EXPORT_DATASETS)[number];

/** Where each dataset is exported from: under the admin prefix its owning service already answers. */
export const EXPORT_PATHS: Record<ExportDataset, string> = {
  users: '/api/admin/users/export.csv',
  deposits: '/api/admin/deposits/export.csv',
  withdrawals: '/api/admin/withdrawals/export.csv',
  'ledger-entries': '/api/admin/ledger-entries/export.csv',
  investments: '/api/admin/investments/export.csv',
  'audit-logs': '/api/admin/audit-logs/export.csv',
};

/** Each dataset's columns, in order (the CSV's header row). */
export const EXPORT_COLUMNS = {
  users: [
    'ID',
    'Name',
    'Email',
    'Role',
    'Banned',
    'KYC status',
    'Balance (USDT)',
    'Last login (UTC)',
    'Created (UTC)',
  ],
  deposits: [
    'ID',
    'User ID',
    'User name',
    'User email',
    'Amount (USDT)',
    'Transaction ID',
    'Status',
    'Reviewed by',
    'Reviewed (UTC)',
    'Rejection reason',
    'Created (UTC)',
  ],
  withdrawals: [
    'ID',
    'User ID',
    'User name',
    'User email',
    'Amount (USDT)',
    'Wallet address',
    'Status',
    'First approved by',
    'First approved (UTC)',
    'Reviewed by',
    'Reviewed (UTC)',
    'Rejection reason',
    'Transaction ID',
    'Created (UTC)',
  ],
  'ledger-entries': [
    'Entry ID',
    'Transfer ID',
    'Transfer kind',
    'Account ID',
    'Account kind',
    'User ID',
    'Amount (USDT)',
    'Balance after (USDT)',
    'Reference',
    'Memo',
    'Created (UTC)',
  ],
  investments: [
    'ID',
    'User ID',
    'User name',
    'User email',
    'Plan ID',
    'Plan',
    'Slots',
    'Principal (USDT)',
    'Daily rate (%)',
    'Compound interest',
    'Interest earned (USDT)',
    'Status',
    'Created (UTC)',
    'Completed (UTC)',
  ],
  'audit-logs': [
    'Position',
    'ID',
    'Admin ID',
    'Admin name',
    'Admin email',
    'Action',
    'Target type',
    'Target ID',
    'Details',
    'IP address',
    'Created (UTC)',
    'Hash',
    'Previous hash',
  ],
} as const satisfies Record<ExportDataset, readonly string[]>;

export const EXPORT_RANGE_REVERSED = 'The end date (to) must be on or after the start date (from)';

const day = (field: 'from' | 'to') =>
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
const inOrder = (query: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (!query.from || !query.to || dayProblem('from', query.from) || dayProblem('to', query.to)) return;
  if ((calendarDayStart(query.to) as number) < (calendarDayStart(query.from) as number))
    ctx.addIssue({ code: 'custom', path: ['to'], message: EXPORT_RANGE_REVERSED });
};

const range = { from: day('from'), to: day('to') };

export const UserExportQuery = z
  .object({ ...range, role: z.enum(['investor', 'admin']).optional() })
  .strict()
  .superRefine(inOrder)
  .openapi('UserExportQuery');
export type UserExportQuery = z.infer<typeof UserExportQuery>;

export const TransferExportQuery = z
  .object({ ...range, status: AdminTransferStatusFilter.default('all') })
  .strict()
  .superRefine(inOrder)
  .openapi('TransferExportQuery');
export type TransferExportQuery = z.infer<typeof TransferExportQuery>;

export const LedgerExportQuery = z.object(range).strict().superRefine(inOrder).openapi('LedgerExportQuery');
export type LedgerExportQuery = z.infer<typeof LedgerExportQuery>;

export const InvestmentExportQuery = z
  .object({ ...range, status: InvestmentStatus.optional() })
  .strict()
  .superRefine(inOrder)
  .openapi('InvestmentExportQuery');
export type InvestmentExportQuery = z.infer<typeof InvestmentExportQuery>;

export const AuditExportQuery = z
  .object({ ...range, action: AuditAction.optional(), adminId: Uuid.optional() })
  .strict()
  .superRefine(inOrder)
  .openapi('AuditExportQuery');
export type AuditExportQuery = z.infer<typeof AuditExportQuery>;

/** The answer: a CSV file, sent chunked as it is read; X-Total-Count holds its number of data rows. */
export const ExportFile = z.string().openapi({
  format: 'binary',
  description:
    'A CSV (UTF-8) with a header row, one row per record in creation order; sent as an attachment named with the day it was made. X-Total-Count holds the number of data rows.',
});

/** The `data_export` audit entry's details: which dataset, with which filters, and how many rows it held. */
export interface ExportAuditDetails {
  dataset: ExportDataset;
  filters: Record<string, string>;
  rowCount: number;
}

export const EXPORT_BUSY = {
  message: 'Many exports are being prepared right now. Please try again in a minute.',
  code: 'EXPORT_BUSY',
};
