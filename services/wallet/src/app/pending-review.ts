// An admin's review of a pending deposit or withdrawal. Both run the same steps in the same order, in one
// transaction: lock the request, refuse a second review, record the decision and the reviewer, emit the
// request's event and the audit entry, then move the money. What differs is supplied by each kind of request.
import type { DepositStatusUpdate } from '@cropvest/contracts';
import {
  ConflictError,
  emitAudit,
  NotFoundError,
  type AuditEntry,
  type AuthUser,
  type EventMeta,
  type Knex,
} from '@cropvest/service-kit';
import {
  lockDeposit,
  lockWithdrawal,
  updateDeposit,
  updateWithdrawal,
  type DepositRow,
  type WithdrawalRow,
} from '../db/transfer-requests.ts';
import { reviewRefusal, type ReviewDecision } from '../domain/reviews.ts';
import { moveMoney, type Movement } from './movements.ts';
import { inTransaction, SOURCE, type RequestMeta, type WalletContext } from './context.ts';

interface RowOf {
  deposit: DepositRow;
  withdrawal: WithdrawalRow;
}
type Kind = keyof RowOf;

/** What the review knows of each kind of request: its name in messages, its table's calls, its audit actions. */
const KINDS: {
  [K in Kind]: {
    /** Names the request in refusals ('Deposit has already been approved', 'Deposit not found'). */
    what: 'Deposit' | 'Withdrawal';
    notFoundCode: string;
    /** Reads the row FOR UPDATE, so that two reviews of one request run one after the other. */
    lock: (trx: Knex.Transaction, id: string) => Promise<RowOf[K] | undefined>;
    update: (trx: Knex.Transaction, id: string, changes: Record<string, unknown>) => Promise<unknown>;
    auditActions: Record<ReviewDecision, AuditEntry['action']>;
  };
} = {
  deposit: {
    what: 'Deposit',
    notFoundCode: 'DEPOSIT_NOT_FOUND',
    lock: lockDeposit,
    update: updateDeposit,
    auditActions: { approved: 'deposit_approve', rejected: 'deposit_reject' },
  },
  withdrawal: {
    what: 'Withdrawal',
    notFoundCode: 'WITHDRAWAL_NOT_FOUND',
    lock: lockWithdrawal,
    update: updateWithdrawal,
    auditActions: { approved: 'withdrawal_approve', rejected: 'withdrawal_reject' },
  },
};

/** What a deposit or a withdrawal adds to its review. */
export interface ReviewedRequest<K extends Kind> {
  kind: K;
  /** Columns an approval records besides the decision and the reviewer. */
  approvalColumns?: Record<string, unknown>;
  /**
   * Runs before an approval, on the locked row: true when it recorded the approval as a step of its own (the
   * first of a four-eyes approval), so nothing else happens; it throws to refuse the approval.
   */
  approvalStep?: (trx: Knex.Transaction, row: RowOf[K]) => Promise<boolean>;
  /** Emits the request's own event for the decision. */
  announce: (trx: Knex.Transaction, row: RowOf[K], eventMeta: EventMeta) => Promise<unknown>;
  /** Audit details of this kind of request, after the user and the amount. */
  auditDetails?: (row: RowOf[K]) => Record<string, unknown>;
  /** The transfer the decision makes, or null when it moves no money. */
  movement: Pick<Movement, 'key' | 'kind' | 'from' | 'to'> | null;
}

/** Approves or rejects the pending request `id`; 404 when there is none, 409 when it was already reviewed. */
export async function reviewPendingRequest<K extends Kind>(
  ctx: WalletContext,
  admin: AuthUser,
  id: string,
  review: Pick<DepositStatusUpdate, 'status' | 'rejectionReason'>,
  meta: RequestMeta,
  request: ReviewedRequest<K>,
): Promise<void> {
  const kind = KINDS[request.kind];
  await inTransaction(ctx, async (trx) => {
    const row = (await kind.lock(trx, id)) as RowOf[K] | undefined;
    if (!row) throw new NotFoundError(`${kind.what} not found`, kind.notFoundCode);
    const refusal = reviewRefusal(kind.what, row.status);
    if (refusal) throw new ConflictError(refusal, 'ALREADY_REVIEWED');
    if (review.status === 'approved' && (await request.approvalStep?.(trx, row))) return;
    if (review.status === 'approved') {
      await kind.update(trx, id, {
        status: 'approved',
        approved_by: admin.id,
        approved_at: trx.fn.now(),
        reviewed_by: admin.id,
        reviewed_at: trx.fn.now(),
        ...request.approvalColumns,
      });
    } else {
      await kind.update(trx, id, {
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
        action: kind.auditActions[review.status],
        targetId: id,
        targetType: request.kind,
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
