// The admin CSV exports' operations, each served by the service that owns the dataset (exports.ts).
import type { ApiOperation, ApiOwner } from './api-operation.ts';
import {
  AuditExportQuery,
  EXPORT_COLUMNS,
  EXPORT_PATHS,
  ExportFile,
  InvestmentExportQuery,
  LedgerExportQuery,
  TransferExportQuery,
  UserExportQuery,
  type ExportDataset,
} from './exports.ts';

/** Each dataset is streamed by the service that owns its table. */
const OWNERS: Record<ExportDataset, ApiOwner> = {
  users: 'identity',
  deposits: 'wallet',
  withdrawals: 'wallet',
  'ledger-entries': 'wallet',
  investments: 'plans',
  'audit-logs': 'identity',
};

const exportOperation = (
  dataset: ExportDataset,
  what: string,
  query: ApiOperation['query'],
): ApiOperation => ({
  owner: OWNERS[dataset],
  method: 'get',
  path: EXPORT_PATHS[dataset],
  summary: `${what} as CSV, streamed (columns: ${EXPORT_COLUMNS[dataset].join(', ')}); audited as data_export with the row count`,
  tag: 'Admin: exports',
  auth: 'admin',
  query,
  response: ExportFile,
  mediaTypes: ['text/csv'],
});

export const exportOperations: ApiOperation[] = [
  exportOperation('users', 'Users created in the range, optionally of one role', UserExportQuery),
  exportOperation('deposits', 'Deposits created in the range, optionally in one status', TransferExportQuery),
  exportOperation(
    'withdrawals',
    'Withdrawals created in the range, optionally in one status',
    TransferExportQuery,
  ),
  exportOperation('ledger-entries', 'Ledger entries (every account) made in the range', LedgerExportQuery),
  exportOperation(
    'investments',
    'Investments (active and completed) made in the range, optionally in one status',
    InvestmentExportQuery,
  ),
  exportOperation(
    'audit-logs',
    'Audit entries in the range with the hash chain, optionally of one admin or action',
    AuditExportQuery,
  ),
];
