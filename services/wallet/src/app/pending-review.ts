// An admin's review of a pending deposit or withdrawal. Both run the same steps in the same order, in one
// transaction: lock the request, refuse a second review, record the decision and the reviewer, emit the
// request's event and the audit entry, then move the money. What differs is supplied by each kind of request.
import type { DepositStatusUpdate } from '@cropvest/contracts';
import {
  ConflictError,
  emitAudit,
  type AuditEntry,
  type AuthUser,
  type EventMeta,
  type Knex,
  type NotFoundError,
} from '@cropvest/service-kit';
import type { DepositRow } from '../db/records.ts';
import { reviewRefusal, type ReviewDecision } from '../domain/reviews.ts';
import { moveMoney, type Movement } from './movements.ts';
import { inTransaction, SOURCE, type RequestMeta, type WalletContext } from './context.ts';

/** The columns the review reads, which deposits and withdrawals both have. */
type PendingRow = Pick<DepositRow, 'user_id' | 'amount' | 'status'>;

/** What one kind of request brings to its review. */
export interface ReviewedRequest<Row extends PendingRow> {
  /** Names the request in the refusal of a second review ('Deposit has already been approved'). */
  what: 'Deposit' | 'Withdrawal';
  /** Reads the row FOR UPDATE, so that two reviews of one request run one after the other. */
  lock: (trx: Knex.Transaction, id: string) => Promise<Row | undefined>;
  notFound: () => NotFoundError;
  update: (trx: Knex.Transaction, id: string, changes: Record<string, unknown>) => Promise<unknown>;
  /** Columns an approval records besides the decision and the reviewer. */
  approvalColumns?: Record<string, unknown>;
  /** Emits the request's own event for the decision. */
  announce: (trx: Knex.Transaction, row: Row, eventMeta: EventMeta) => Promise<unknown>;
  auditActions: Record<ReviewDecision, AuditEntry['action']>;
  targetType: 'deposit' | 'withdrawal';
  /** Audit details of this kind of request, after the user and the amount. */
  auditDetails?: (row: Row) => Record<string, unknown>;
  /**
   * Runs before an approval, on the locked row: true when it recorded the approval as a step of its own (the
   * first of a four-eyes approval), so nothing else happens; it throws to refuse the approval.
   */
  approvalStep?: (trx: Knex.Transaction, row: Row) => Promise<boolean>;
  /** The transfer the decision makes, or null when it moves no money. */
  movement: Pick<Movement, 'key' | 'kind' | 'from' | 'to'> | null;
}

/** Approves or rejects the pending request `id`; 404 when there is none, 409 when it was already reviewed. */
export async function reviewPendingRequest<Row extends PendingRow>(
  ctx: WalletContext,
  admin: AuthUser,
  id: string,
  review: Pick<DepositStatusUpdate, 'status' | 'rejectionReason'>,
  meta: RequestMeta,
  request: ReviewedRequest<Row>,
): Promise<void> {
  await inTransaction(ctx, async (trx) => {
    const row = await request.lock(trx, id);
    if (!row) throw request.notFound();
    const refusal = reviewRefusal(request.what, row.status);
    if (refusal) throw new ConflictError(refusal, 'ALREADY_REVIEWED');
    if (review.status === 'approved' && (await request.approvalStep?.(trx, row))) return;
    if (review.status === 'approved') {
      await request.update(trx, id, {
        status: 'approved',
        approved_by: admin.id,
        approved_at: trx.fn.now(),
        reviewed_by: admin.id,
        reviewed_at: trx.fn.now(),
        ...request.approvalColumns,
      });
    } else {
      await request.update(trx, id, {
        status: 'rejected',
        rejection_reason: review.rejectionReason,
        reviewed_by: admin.id,
        reviewed_at: trx.fn.now(),
      });
    }
    await request.announce(trx, row, {
      source: SOURCE,
      actorId: admin.id,
      subjectId: row.user_id,
      traceparent: meta.traceparent,
    });
    await emitAudit(
      trx,
      SOURCE,
      {
        adminId: admin.id,
        action: request.auditActions[review.status],
        targetId: id,
        targetType: request.targetType,
        details: {
          userId: row.user_id,
          amount: row.amount,
          ...request.auditDetails?.(row),
          ...(review.rejectionReason ? { rejectionReason: review.rejectionReason } : {}),
        },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
    // Money moves last, so the user's wallet lock and the platform account are held as briefly as possible.
    if (request.movement) {
      await moveMoney(
        trx,
        row.user_id,
        [{ ...request.movement, amount: row.amount, referenceId: id, createdBy: admin.id }],
        { actorId: admin.id, traceparent: meta.traceparent },
      );
    }
  });
}
