// Manual balance adjustments (migration 004): each with its four-eyes state, listed for the admin desk.
import type {
  AdminBalanceAdjustment,
  AdminBalanceAdjustmentQuery,
  BalanceAdjustmentStatus,
} from '@cropvest/contracts';
import { pageOf, type Knex, type Page } from '@cropvest/service-kit/db';
import { addAmounts, subtractAmounts } from '@cropvest/contracts';
import { userOf, type WithUser } from './transfer-requests.ts';

export interface AdjustmentRow {
  id: string;
  idempotency_key: string;
  user_id: string;
  direction: 'in' | 'out';
  amount: string;
  reason: string;
  previous_balance: string;
  requires_second_approval: boolean;
  status: BalanceAdjustmentStatus;
  requested_by: string;
  created_at: Date;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  rejection_reason: string | null;
  transfer_id: string | null;
}

export const insertAdjustment = async (
  trx: Knex.Transaction,
  row: Omit<AdjustmentRow, 'created_at' | 'reviewed_by' | 'reviewed_at' | 'rejection_reason' | 'transfer_id'>,
): Promise<AdjustmentRow> =>
  (await trx<AdjustmentRow>('balance_adjustments').insert(row).returning('*'))[0] as AdjustmentRow;

export const findAdjustmentByKey = (db: Knex, key: string): Promise<AdjustmentRow | undefined> =>
  db<AdjustmentRow>('balance_adjustments').where({ idempotency_key: key }).first();

/** Reads the row FOR UPDATE, so that two reviews of one adjustment run one after the other. */
export const lockAdjustment = (trx: Knex.Transaction, id: string): Promise<AdjustmentRow | undefined> =>
  trx<AdjustmentRow>('balance_adjustments').where({ id }).forUpdate().first();

export async function updateAdjustment(
  trx: Knex.Transaction,
  id: string,
  changes: Record<string, unknown>,
): Promise<AdjustmentRow> {
  return (
    await trx<AdjustmentRow>('balance_adjustments').where({ id }).update(changes).returning('*')
  )[0] as AdjustmentRow;
}

interface WithAdmins {
  requester_name: string | null;
  reviewer_name: string | null;
}
type AdminAdjustmentRow = AdjustmentRow & WithUser & WithAdmins;

const adminAdjustments = (db: Knex) =>
  db('balance_adjustments as t')
    .leftJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('users as requester', 'requester.id', 't.requested_by')
    .leftJoin('users as reviewer', 'reviewer.id', 't.reviewed_by')
    .select(
      't.*',
      'u.name as user_name',
      'u.email as user_email',
      'requester.name as requester_name',
      'reviewer.name as reviewer_name',
    );

/** The balance the requesting admin set: the balance then, moved by the requested change. */
export const requestedBalance = (row: Pick<AdjustmentRow, 'direction' | 'amount' | 'previous_balance'>) =>
  row.direction === 'in'
    ? addAmounts(row.previous_balance, row.amount)
    : subtractAmounts(row.previous_balance, row.amount);

const toAdminAdjustment = (row: AdminAdjustmentRow): AdminBalanceAdjustment => ({
  id: row.id,
  userId: row.user_id,
  user: userOf(row),
  direction: row.direction,
  amount: row.amount,
  reason: row.reason,
  status: row.status,
  previousBalance: row.previous_balance,
  requestedBalance: requestedBalance(row),
  requiresSecondApproval: row.requires_second_approval,
  requestedBy: row.requested_by,
  requesterName: row.requester_name ?? 'Unknown User',
  createdAt: row.created_at.toISOString(),
  reviewedBy: row.reviewed_by,
  reviewerName: row.reviewed_by ? (row.reviewer_name ?? 'Unknown User') : null,
  reviewedAt: row.reviewed_at?.toISOString() ?? null,
  rejectionReason: row.rejection_reason,
  transferId: row.transfer_id,
});

export async function findAdminAdjustment(db: Knex, id: string): Promise<AdminBalanceAdjustment | undefined> {
  const row = (await adminAdjustments(db).where('t.id', id).first()) as AdminAdjustmentRow | undefined;
  return row ? toAdminAdjustment(row) : undefined;
}

/** Newest first (the id breaks ties), filtered by status and user; each filter has its index. */
export async function listAdminAdjustments(
  db: Knex,
  query: AdminBalanceAdjustmentQuery,
): Promise<Page<AdminBalanceAdjustment>> {
  const listed = adminAdjustments(db).orderBy([
    { column: 't.created_at', order: 'desc' },
    { column: 't.id', order: 'desc' },
  ]);
  if (query.status !== 'all') listed.where('t.status', query.status);
  if (query.userId) listed.where('t.user_id', query.userId);
  const page = await pageOf<AdminAdjustmentRow>(listed, query);
  return { ...page, items: page.items.map(toAdminAdjustment) };
}
