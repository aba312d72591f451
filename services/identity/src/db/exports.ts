// Identity's admin exports: the users and the audit trail, oldest first, read in keyset pages inside the
// export's snapshot. The balance is the exact NUMERIC text; times are ISO 8601 UTC.
import type { AuditExportQuery, UserExportQuery } from '@cropvest/contracts';
import {
  createdWithin,
  creationKeyColumn,
  creationKeyOf,
  isoCell,
  sequencedWithin,
  exportRange,
  keysetExport,
  type CreationKey,
  type CreationKeyed,
  type CsvExport,
  type Knex,
} from '@cropvest/service-kit/db';

interface UserExportRow extends CreationKeyed {
  name: string;
  email: string;
  role: string;
  is_banned: boolean;
  kyc_status: string;
  balance: string;
  last_login_at: Date | null;
  created_at: Date;
}

const users = (trx: Knex.Transaction, query: UserExportQuery, after: CreationKey | undefined) =>
  trx('users as u')
    .modify(createdWithin('u.created_at', 'u.id', exportRange(query), after))
    .modify((q) => {
      if (query.role) q.where('u.role', query.role);
    });

export const usersExport = (query: UserExportQuery): Omit<CsvExport, 'filters'> =>
  keysetExport({
    dataset: 'users',
    rows: (trx, after: CreationKey | undefined) => users(trx, query, after),
    page: (rows, trx) =>
      rows
        .orderBy([{ column: 'u.created_at' }, { column: 'u.id' }])
        .select(
          'u.id',
          'u.name',
          'u.email',
          'u.role',
          'u.is_banned',
          'u.kyc_status',
          'u.balance',
          'u.last_login_at',
          'u.created_at',
          creationKeyColumn(trx, 'u.created_at'),
        ),
    key: creationKeyOf,
    cells: (row: UserExportRow) => [
      row.id,
      row.name,
      row.email,
      row.role,
      row.is_banned ? 'yes' : 'no',
      row.kyc_status,
      row.balance,
      isoCell(row.last_login_at),
      isoCell(row.created_at),
    ],
  });

interface AuditExportRow {
  seq: number;
  id: string;
  admin_id: string;
  admin_name: string | null;
  admin_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown>;
  ip_address: string | null;
  created_at: Date;
  hash: string;
  prev_hash: string;
}

/** Entries in chain order (the position: the order the hashes link), within the range and filters. */
const auditLogs = (trx: Knex.Transaction, query: AuditExportQuery, after: number | undefined) => {
  return trx('audit_logs as a')
    .modify(sequencedWithin('a.created_at', 'a.seq', exportRange(query), after))
    .modify((q) => {
      if (query.action) q.where('a.action', query.action);
      if (query.adminId) q.where('a.admin_id', query.adminId);
    });
};

export const auditExport = (query: AuditExportQuery): Omit<CsvExport, 'filters'> =>
  keysetExport({
    dataset: 'audit-logs',
    rows: (trx, after: number | undefined) => auditLogs(trx, query, after),
    page: (rows) =>
      rows
        .leftJoin('users as u', 'u.id', 'a.admin_id')
        .orderBy('a.seq')
        .select(
          'a.seq',
          'a.id',
          'a.admin_id',
          'u.name as admin_name',
          'u.email as admin_email',
          'a.action',
          'a.target_type',
          'a.target_id',
          'a.details',
          'a.ip_address',
          'a.created_at',
          'a.hash',
          'a.prev_hash',
        ),
    key: (row: AuditExportRow) => row.seq,
    cells: (row: AuditExportRow) => [
      String(row.seq),
      row.id,
      row.admin_id,
      row.admin_name,
      row.admin_email,
      row.action,
      row.target_type,
      row.target_id,
      JSON.stringify(row.details),
      row.ip_address,
      isoCell(row.created_at),
      row.hash,
      row.prev_hash,
    ],
  });
