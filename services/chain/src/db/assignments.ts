// Admins' assignments of unmatched transfers to investors (docs/decisions/0084), read with the names of the investor
// and the admins from the user directory.
import type { TransferAssignment, TransferAssignmentStatus } from '@cropvest/contracts';
import type { NetworkName } from '@cropvest/contracts/chain/networks';
import type { Knex } from '@cropvest/service-kit/db';

export interface AssignmentRow {
  id: string;
  network: NetworkName;
  txid: string;
  txid_key: string;
  user_id: string;
  amount: string;
  reason: string;
  status: TransferAssignmentStatus;
  requires_second_approval: boolean;
  requested_by: string;
  created_at: Date;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  rejection_reason: string | null;
}

export type NewAssignment = Omit<AssignmentRow, 'created_at' | 'reviewed_at' | 'rejection_reason'>;

const UNKNOWN = 'Unknown User';

/** Applied at once (reviewed by its requester) or awaiting a second admin. */
export async function insertAssignment(trx: Knex.Transaction, row: NewAssignment): Promise<void> {
  await trx('transfer_assignments').insert({
    ...row,
    reviewed_at: row.reviewed_by ? trx.fn.now() : null,
  });
}

export const lockAssignment = (trx: Knex.Transaction, id: string): Promise<AssignmentRow | undefined> =>
  trx<AssignmentRow>('transfer_assignments').where({ id }).forUpdate().first();

export async function updateAssignment(
  trx: Knex.Transaction,
  id: string,
  changes: Partial<Pick<AssignmentRow, 'status' | 'reviewed_by' | 'rejection_reason'>>,
): Promise<void> {
  await trx('transfer_assignments')
    .where({ id })
    .update({ ...changes, reviewed_at: trx.fn.now() });
}

type AdminRow = AssignmentRow & {
  user_name: string | null;
  user_email: string | null;
  requester_name: string | null;
  reviewer_name: string | null;
};

const toAdminAssignment = (row: AdminRow): TransferAssignment => ({
  id: row.id,
  network: row.network,
  txid: row.txid,
  userId: row.user_id,
  user: { name: row.user_name ?? UNKNOWN, email: row.user_email ?? '' },
  amount: row.amount,
  reason: row.reason,
  status: row.status,
  requiresSecondApproval: row.requires_second_approval,
  requestedBy: row.requested_by,
  requesterName: row.requester_name ?? UNKNOWN,
  createdAt: row.created_at.toISOString(),
  reviewedBy: row.reviewed_by,
  reviewerName: row.reviewed_by ? (row.reviewer_name ?? UNKNOWN) : null,
  reviewedAt: row.reviewed_at?.toISOString() ?? null,
  rejectionReason: row.rejection_reason,
});

/** Assignments by id, with the names of the people involved. */
export async function adminAssignments(db: Knex, ids: readonly string[]): Promise<TransferAssignment[]> {
  if (ids.length === 0) return [];
  const rows = await db('transfer_assignments as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('users as r', 'r.id', 'a.requested_by')
    .leftJoin('users as v', 'v.id', 'a.reviewed_by')
    .whereIn('a.id', ids)
    .select<AdminRow[]>(
      'a.*',
      'u.name as user_name',
      'u.email as user_email',
      'r.name as requester_name',
      'v.name as reviewer_name',
    );
  return rows.map(toAdminAssignment);
}
