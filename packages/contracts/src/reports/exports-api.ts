// The admin CSV exports' operations, each served by the service that owns the dataset (exports.ts).
import { operations, type ApiOperation, type ApiOwner, type OperationDeclaration } from '../api-operation.ts';
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
const OWNERS = {
  users: 'identity',
  deposits: 'wallet',
  withdrawals: 'wallet',
  'ledger-entries': 'wallet',
  investments: 'plans',
  'audit-logs': 'identity',
} as const satisfies Record<ExportDataset, ApiOwner>;

const exportOperation = <Dataset extends ExportDataset>(
  dataset: Dataset,
  what: string,
  query: ApiOperation['query'],
) =>
  ({
    // Named as the dataset's own owner (not every owner's union), so its service's handlers type-check by id.
    owner: OWNERS[dataset] as (typeof OWNERS)[Dataset],
    method: 'get',
    path: EXPORT_PATHS[dataset],
    summary: `${what} as CSV, streamed (columns: ${EXPORT_COLUMNS[dataset].join(', ')}); audited as data_export with the row count`,
    tag: 'Admin: exports',
    auth: 'admin',
    query,
    response: ExportFile,
    mediaTypes: ['text/csv'],
  }) as const satisfies OperationDeclaration;

export const exportOperations = operations({
  exportUsers: exportOperation(
    'users',
    'Users created in the range, optionally of one role',
    UserExportQuery,
  ),
  exportDeposits: exportOperation(
    'deposits',
    'Deposits created in the range, optionally in one status',
    TransferExportQuery,
  ),
  exportWithdrawals: exportOperation(
    'withdrawals',
    'Withdrawals created in the range, optionally in one status',
    TransferExportQuery,
  ),
  exportLedgerEntries: exportOperation(
    'ledger-entries',
    'Ledger entries (every account) made in the range',
    LedgerExportQuery,
  ),
  exportInvestments: exportOperation(
    'investments',
    'Investments (active and completed) made in the range, optionally in one status',
    InvestmentExportQuery,
  ),
  exportAuditLogs: exportOperation(
    'audit-logs',
    'Audit entries in the range with the hash chain, optionally of one admin or action',
    AuditExportQuery,
  ),
});
