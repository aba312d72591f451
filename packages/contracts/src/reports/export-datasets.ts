// The admin CSV exports (Export Data) without zod, for the screen's first paint: the datasets, where each is
// exported from, their columns, and what the audit entry and a busy answer hold. The query schemas are in
// exports.ts.
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
