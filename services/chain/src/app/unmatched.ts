// Unmatched transfers (docs/decisions/0084): the admins' list of USDT that reached the platform and that nobody
// claimed, and the assignment of one to an investor under the four-eyes rule of docs/decisions/0060. Below the
// threshold the assigning admin's request applies at once; at or above it the request is the first approval: it
// holds the transaction's logs (no deposit claim can take them meanwhile) and credits nothing until a different
// admin approves. A rejection lets the logs go. Applying emits `chain.transfer.assigned`, which the wallet credits
// once; every step is audited against the deposit the assignment becomes (its id).
import { v7 as uuidv7 } from 'uuid';
import {
  txidKey,
  type TransferAssignment,
  type TransferAssignmentRequest,
  type TransferAssignmentStatusUpdate,
  type UnmatchedTransfer,
  type UnmatchedTransferCounts,
  type UnmatchedTransferQuery,
} from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { findDirectoryUser } from '@cropvest/service-kit/bus';
import { type Knex, type Page } from '@cropvest/service-kit/db';
import { AppError, ConflictError, NotFoundError } from '@cropvest/service-kit/errors';
import { judgeAssignment } from '../domain/unmatched.ts';
import {
  adminAssignments,
  insertAssignment,
  lockAssignment,
  updateAssignment,
  type AssignmentRow,
  type NewAssignment,
} from '../db/assignments.ts';
import { secondApprovalThreshold } from '../db/settings.ts';
import {
  countUnmatched,
  hasLiveClaim,
  holdLogs,
  listUnmatched,
  lockTransactionLogs,
  releaseLogs,
} from '../db/unmatched.ts';
import { inTransaction, type ChainContext, type RequestMeta } from './context.ts';

/** What an assignment's event and audit entries tell. */
type Assigned = Pick<
  AssignmentRow,
  'id' | 'user_id' | 'network' | 'txid' | 'amount' | 'reason' | 'requested_by'
>;

export const SAME_APPROVER_MESSAGE =
  'This assignment needs a second approval from a different admin; you assigned the transfer.';

const windowSeconds = (ctx: ChainContext) => ctx.config.UNMATCHED_AFTER_MINUTES * 60;

export async function unmatchedTransfers(
  ctx: ChainContext,
  query: UnmatchedTransferQuery,
): Promise<Page<UnmatchedTransfer>> {
  const page = await listUnmatched(ctx.db, query, query, windowSeconds(ctx));
  const held = await adminAssignments(
    ctx.db,
    page.items.flatMap((row) => (row.assignment_id ? [row.assignment_id] : [])),
  );
  return {
    total: page.total,
    items: page.items.map((row) => ({
      network: row.network,
      txid: row.txid,
      senders: row.senders,
      recipients: row.recipients,
      amount: row.amount,
      logCount: row.log_count,
      blockNumber: row.block_number,
      blockTime: row.block_time?.toISOString() ?? null,
      observedAt: row.observed_at.toISOString(),
      assignment: held.find((assignment) => assignment.id === row.assignment_id) ?? null,
    })),
  };
}

export const unmatchedCounts = (ctx: ChainContext, q: string | undefined): Promise<UnmatchedTransferCounts> =>
  countUnmatched(ctx.db, q, windowSeconds(ctx));

const assignmentOf = async (ctx: ChainContext, id: string): Promise<TransferAssignment> =>
  (await adminAssignments(ctx.db, [id]))[0] as TransferAssignment;

/**
 * An admin assigns a transaction's unclaimed USDT to an investor, under the lock of its logs: a deposit claim that
 * verifies the same transaction meanwhile waits for the lock and then finds the logs taken (and the reverse: an
 * assignment that comes second finds them claimed, 409).
 */
export async function assignTransfer(
  ctx: ChainContext,
  admin: AuthUser,
  request: TransferAssignmentRequest,
  meta: RequestMeta,
): Promise<TransferAssignment> {
  const investor = await findDirectoryUser(ctx.db, request.userId);
  if (investor?.role !== 'investor') throw new NotFoundError('No investor has this id', 'INVESTOR_NOT_FOUND');
  const threshold = await secondApprovalThreshold(ctx.db);
  const key = txidKey(request.txid);
  const id = await inTransaction(ctx, async (trx) => {
    const logs = await lockTransactionLogs(trx, request.network, key, windowSeconds(ctx));
    const verdict = judgeAssignment(logs, {
      liveClaim: await hasLiveClaim(trx, key),
      secondApprovalThreshold: threshold,
    });
    if (verdict.kind === 'refused') throw new AppError(verdict.status, verdict.code, verdict.message);
    const row: NewAssignment = {
      id: uuidv7(),
      network: request.network,
      txid: (logs[0] as { txid: string }).txid,
      txid_key: key,
      user_id: request.userId,
      amount: verdict.amount,
      reason: request.reason,
      status: verdict.needsSecondApproval ? 'awaiting_second_approval' : 'applied',
      requires_second_approval: verdict.needsSecondApproval,
      requested_by: admin.id,
      reviewed_by: verdict.needsSecondApproval ? null : admin.id,
    };
    await insertAssignment(trx, row);
    await holdLogs(trx, request.network, key, row.id);
    await audit(ctx, trx, admin.id, 'deposit_assign', row, meta, {
      ...(verdict.needsSecondApproval ? { step: 'first approval', awaitingSecondApproval: true } : {}),
    });
    if (!verdict.needsSecondApproval) await announce(ctx, trx, row, admin.id, meta);
    return row.id;
  });
  return assignmentOf(ctx, id);
}

/**
 * The second step of a held assignment, under its row lock, so that racing approvals apply it once (the loser finds
 * it applied: 409; the wallet's inbox and the credit's idempotency key are further guards). Approval: another admin
 * than the one who assigned it. Rejection: any admin, with an optional reason; the transfer is unmatched again.
 */
export async function reviewAssignment(
  ctx: ChainContext,
  admin: AuthUser,
  id: string,
  review: TransferAssignmentStatusUpdate,
  meta: RequestMeta,
): Promise<TransferAssignment> {
  await inTransaction(ctx, async (trx) => {
    const row = await lockAssignment(trx, id);
    if (!row) throw new NotFoundError('Assignment not found', 'ASSIGNMENT_NOT_FOUND');
    if (row.status !== 'awaiting_second_approval')
      throw new ConflictError(`This assignment has already been ${row.status}`, 'ALREADY_REVIEWED');
    if (review.status === 'approved') {
      if (row.requested_by === admin.id) throw new ConflictError(SAME_APPROVER_MESSAGE, 'SAME_APPROVER');
      await updateAssignment(trx, id, { status: 'applied', reviewed_by: admin.id });
      await audit(ctx, trx, admin.id, 'deposit_assign', row, meta, {
        step: 'second approval',
        requestedBy: row.requested_by,
      });
      await announce(ctx, trx, row, admin.id, meta);
      return;
    }
    await updateAssignment(trx, id, {
      status: 'rejected',
      reviewed_by: admin.id,
      rejection_reason: review.rejectionReason,
    });
    await releaseLogs(trx, id);
    await audit(ctx, trx, admin.id, 'deposit_assign_reject', row, meta, {
      requestedBy: row.requested_by,
      ...(review.rejectionReason ? { rejectionReason: review.rejectionReason } : {}),
    });
  });
  return assignmentOf(ctx, id);
}

/** The wallet credits the investor from this, once (docs/decisions/0084). */
const announce = (
  ctx: ChainContext,
  trx: Knex.Transaction,
  row: Assigned,
  approvedBy: string,
  meta: RequestMeta,
) =>
  ctx.events.emit(
    trx,
    'chain.transfer.assigned',
    {
      assignmentId: row.id,
      userId: row.user_id,
      network: row.network,
      txid: row.txid,
      amount: row.amount,
      reason: row.reason,
      assignedBy: row.requested_by,
      approvedBy,
    },
    { actorId: approvedBy, subjectId: row.user_id, traceparent: meta.traceparent },
  );

/** Audited against the deposit the assignment is (or becomes), so its trail reads with the deposit's. */
const audit = (
  ctx: ChainContext,
  trx: Knex.Transaction,
  adminId: string,
  action: 'deposit_assign' | 'deposit_assign_reject',
  row: Assigned,
  meta: RequestMeta,
  step: Record<string, unknown>,
) =>
  ctx.events.audit(
    trx,
    {
      adminId,
      action,
      targetId: row.id,
      targetType: 'deposit',
      details: {
        ...step,
        userId: row.user_id,
        amount: row.amount,
        network: row.network,
        txid: row.txid,
        reason: row.reason,
      },
      ipAddress: meta.ip,
    },
    meta.traceparent,
  );
