// The plans service's admin export: investments (paid ones: active, completed and cancelled, as the admin list
// shows),
// oldest first, read in keyset pages inside the export's snapshot. Money is the exact NUMERIC text.
import type { InvestmentExportQuery } from '@cropvest/contracts';
import {
  createdWithin,
  creationKeyColumn,
  creationKeyOf,
  exportRange,
  isoCell,
  keysetExport,
  type CreationKey,
  type CreationKeyed,
  type CsvExport,
  type Knex,
} from '@cropvest/service-kit/db';
import { INTEREST_EARNED_SQL, LISTED_STATUSES } from './investments.ts';

interface InvestmentExportRow extends CreationKeyed {
  user_id: string;
  user_name: string | null;
  user_email: string | null;
  plan_id: string;
  plan_title: string;
  slots_purchased: number;
  principal: string;
  daily_rate: string;
  compound: boolean;
  interest: string;
  status: string;
  created_at: Date;
  completed_at: Date | null;
}

const investments = (trx: Knex.Transaction, query: InvestmentExportQuery, after: CreationKey | undefined) =>
  trx('investments as i')
    .modify(createdWithin('i.created_at', 'i.id', exportRange(query), after))
    .whereIn('i.status', query.status ? [query.status] : LISTED_STATUSES);

export const investmentsExport = (query: InvestmentExportQuery): Omit<CsvExport, 'filters'> =>
  keysetExport({
    dataset: 'investments',
    rows: (trx, after: CreationKey | undefined) => investments(trx, query, after),
    page: (rows, trx) =>
      rows
        .join('plans as p', 'p.id', 'i.plan_id')
        .leftJoin('users as u', 'u.id', 'i.user_id')
        .orderBy([{ column: 'i.created_at' }, { column: 'i.id' }])
        .select(
          'i.id',
          'i.user_id',
          'u.name as user_name',
          'u.email as user_email',
          'i.plan_id',
          'p.title as plan_title',
          'i.slots_purchased',
          'i.principal',
          'i.daily_rate',
          'i.compound',
          trx.raw(`${INTEREST_EARNED_SQL} AS interest`),
          'i.status',
          'i.created_at',
          'i.completed_at',
          creationKeyColumn(trx, 'i.created_at'),
        ),
    key: creationKeyOf,
    cells: (row: InvestmentExportRow) => [
      row.id,
      row.user_id,
      row.user_name,
      row.user_email,
      row.plan_id,
      row.plan_title,
      String(row.slots_purchased),
      row.principal,
      row.daily_rate,
      row.compound ? 'yes' : 'no',
      row.interest,
      row.status,
      isoCell(row.created_at),
      isoCell(row.completed_at),
    ],
  });
