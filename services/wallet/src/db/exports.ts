// The wallet's admin exports: deposits, withdrawals and ledger entries, oldest first, read in keyset pages inside
// the export's snapshot. Amounts stay the NUMERIC's exact text; times are ISO 8601 UTC.
import type { LedgerExportQuery, TransferExportQuery } from '@cropvest/contracts';
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

type TransferTable = 'deposits' | 'withdrawals';

/** A table's rows in the range and status. */
const transfers =
  (table: TransferTable, query: TransferExportQuery) =>
  (trx: Knex.Transaction, after: CreationKey | undefined) =>
    trx(`${table} as t`)
      .modify(createdWithin('t.created_at', 't.id', exportRange(query), after))
      .modify((q) => {
        if (query.status !== 'all') q.where('t.status', query.status);
      });

interface DepositExportRow extends CreationKeyed {
  user_id: string;
  user_name: string | null;
  user_email: string | null;
  amount: string;
  txid: string | null;
  status: string;
  reviewer_name: string | null;
  reviewed_at: Date | null;
  rejection_reason: string | null;
  created_at: Date;
}

interface WithdrawalExportRow extends Omit<DepositExportRow, 'txid'> {
  wallet_address: string;
  first_approver_name: string | null;
  first_approved_at: Date | null;
  txid: string | null;
}

export const depositsExport = (query: TransferExportQuery): Omit<CsvExport, 'filters'> =>
  keysetExport({
    dataset: 'deposits',
    rows: transfers('deposits', query),
    page: (rows, trx) =>
      rows
        .leftJoin('users as u', 'u.id', 't.user_id')
        .leftJoin('users as reviewer', 'reviewer.id', 't.reviewed_by')
        .orderBy([{ column: 't.created_at' }, { column: 't.id' }])
        .select(
          't.id',
          't.user_id',
          'u.name as user_name',
          'u.email as user_email',
          't.amount',
          't.txid',
          't.status',
          'reviewer.name as reviewer_name',
          't.reviewed_at',
          't.rejection_reason',
          't.created_at',
          creationKeyColumn(trx, 't.created_at'),
        ),
    key: creationKeyOf,
    cells: (row: DepositExportRow) => [
      row.id,
      row.user_id,
      row.user_name,
      row.user_email,
      row.amount,
      row.txid,
      row.status,
      row.reviewer_name,
      isoCell(row.reviewed_at),
      row.rejection_reason,
      isoCell(row.created_at),
    ],
  });

export const withdrawalsExport = (query: TransferExportQuery): Omit<CsvExport, 'filters'> =>
  keysetExport({
    dataset: 'withdrawals',
    rows: transfers('withdrawals', query),
    page: (rows, trx) =>
      rows
        .leftJoin('users as u', 'u.id', 't.user_id')
        .leftJoin('users as first_approver', 'first_approver.id', 't.first_approved_by')
        .leftJoin('users as reviewer', 'reviewer.id', 't.reviewed_by')
        .orderBy([{ column: 't.created_at' }, { column: 't.id' }])
        .select(
          't.id',
          't.user_id',
          'u.name as user_name',
          'u.email as user_email',
          't.amount',
          't.wallet_address',
          't.status',
          'first_approver.name as first_approver_name',
          't.first_approved_at',
          'reviewer.name as reviewer_name',
          't.reviewed_at',
          't.rejection_reason',
          't.txid',
          't.created_at',
          creationKeyColumn(trx, 't.created_at'),
        ),
    key: creationKeyOf,
    cells: (row: WithdrawalExportRow) => [
      row.id,
      row.user_id,
      row.user_name,
      row.user_email,
      row.amount,
      row.wallet_address,
      row.status,
      row.first_approver_name,
      isoCell(row.first_approved_at),
      row.reviewer_name,
      isoCell(row.reviewed_at),
      row.rejection_reason,
      row.txid,
      isoCell(row.created_at),
    ],
  });

interface LedgerExportRow {
  id: number;
  transfer_id: string;
  kind: string;
  account_id: string;
  account_kind: string;
  user_id: string | null;
  amount: string;
  balance_after: string;
  reference_id: string | null;
  memo: string | null;
  created_at: Date;
}

/**
 * Ledger entries of every account in entry order (the id: entries commit in id order per account, and the id is
 * the only key a million-row read can walk without sorting), created within the range.
 */
export const ledgerExport = (query: LedgerExportQuery): Omit<CsvExport, 'filters'> =>
  keysetExport({
    dataset: 'ledger-entries',
    rows: (trx, after: number | undefined) =>
      trx('ledger_entries as e').modify(sequencedWithin('e.created_at', 'e.id', exportRange(query), after)),
    page: (rows) =>
      rows
        .join('transfers as t', 't.id', 'e.transfer_id')
        .join('accounts as a', 'a.id', 'e.account_id')
        .orderBy('e.id')
        .select(
          'e.id',
          'e.transfer_id',
          't.kind',
          'e.account_id',
          'a.kind as account_kind',
          'a.user_id',
          'e.amount',
          'e.balance_after',
          't.reference_id',
          't.memo',
          'e.created_at',
        ),
    key: (row: LedgerExportRow) => row.id,
    cells: (row: LedgerExportRow) => [
      String(row.id),
      row.transfer_id,
      row.kind,
      row.account_id,
      row.account_kind,
      row.user_id,
      row.amount,
      row.balance_after,
      row.reference_id,
      row.memo,
      isoCell(row.created_at),
    ],
  });
