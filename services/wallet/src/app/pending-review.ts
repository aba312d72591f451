// The review of a pending deposit or withdrawal. Both run the same steps in the same order, in one transaction:
// lock the request, refuse a second review, apply the four-eyes rule, record the decision and the reviewer, emit
// the request's event and the audit entry, then move the money. What differs is supplied by each kind of request.
// The reviewer is an admin, or the chain (a deposit it verified, or refused: docs/decisions/0080).
import type { DepositStatusUpdate } from '@cropvest/contracts';
import { type AuditEntry, type EventAbout, type ServiceEvents } from '@cropvest/service-kit/bus';
import { type Knex } from '@cropvest/service-kit/db';
import { ConflictError, NotFoundError } from '@cropvest/service-kit/errors';
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
import { inTransaction, type WalletContext } from './context.ts';

interface RowOf {
  deposit: DepositRow;
  withdrawal: WithdrawalRow;
}
type Kind = keyof RowOf;

/** Who decides: an admin's id, or the chain's system actor; where from (null for the chain) and the trace. */
export interface Reviewer {
  id: string;
  ip: string | null;
  traceparent: string | null;
}

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

/**
 * The four-eyes rule (docs/decisions/0060): at or above the threshold an admin's first approval is recorded and
 * audited and moves nothing; the approval that settles must come from another admin. The row lock orders racing
 * approvals, so a second approval that loses the race finds the request approved and is refused (409).
 */
export interface FourEyes {
  needsTwoAdmins: (amount: string) => boolean;
  /** The refusal when the first approver tries to give the second approval too. */
  sameApproverMessage: string;
  /** Columns the first approval records besides who and when (a withdrawal's transaction id). */
  firstApprovalColumns?: Record<string, unknown>;
}

/** What a deposit or a withdrawal adds to its review. */
export interface ReviewedRequest<K extends Kind> {
  kind: K;
  /** Columns an approval records besides the decision and the reviewer. */
  approvalColumns?: Record<string, unknown>;
  /** Columns a rejection records besides the reason and the reviewer. */
  rejectionColumns?: Record<string, unknown>;
  /** Absent for the chain's own decisions, which the auto-credit ceiling bounds instead. */
  fourEyes?: FourEyes;
  /** Emits the request's own event for the decision. */
  announce: (trx: Knex.Transaction, row: RowOf[K], eventMeta: EventAbout) => Promise<unknown>;
  /** Audit details of this kind of request, after the user and the amount. */
  auditDetails?: (row: RowOf[K]) => Record<string, unknown>;
  /** The transfer the decision makes, or null when it moves no money. */
  movement: Pick<Movement, 'key' | 'kind' | 'from' | 'to'> | null;
}

type Review = Pick<DepositStatusUpdate, 'status' | 'rejectionReason'>;

/** Approves or rejects the pending request `id`; 404 when there is none, 409 when it was already reviewed. */
export const reviewPendingRequest = <K extends Kind>(
  ctx: WalletContext,
  reviewer: Reviewer,
  id: string,
  review: Review,
  request: ReviewedRequest<K>,
): Promise<void> =>
  inTransaction(ctx, (trx) => reviewPendingRequestIn(ctx.events, trx, reviewer, id, review, request));

/** `reviewPendingRequest` inside the caller's transaction (the chain's verdicts arrive in a consumer's). */
export async function reviewPendingRequestIn<K extends Kind>(
  events: ServiceEvents,
  trx: Knex.Transaction,
  reviewer: Reviewer,
  id: string,
  review: Review,
  request: ReviewedRequest<K>,
): Promise<void> {
  const kind = KINDS[request.kind];
  const row = (await kind.lock(trx, id)) as RowOf[K] | undefined;
  if (!row) throw new NotFoundError(`${kind.what} not found`, kind.notFoundCode);
  const refusal = reviewRefusal(kind.what, row.status);
  if (refusal) throw new ConflictError(refusal, 'ALREADY_REVIEWED');
  if (review.status === 'approved' && request.fourEyes?.needsTwoAdmins(row.amount)) {
    if (row.first_approved_by === reviewer.id)
      throw new ConflictError(request.fourEyes.sameApproverMessage, 'SAME_APPROVER');
    if (!row.first_approved_by)
      return recordFirstApproval(events, trx, reviewer, row, request, request.fourEyes);
  }
  if (review.status === 'approved') {
    await kind.update(trx, id, {
      status: 'approved',
      approved_by: reviewer.id,
      approved_at: trx.fn.now(),
      reviewed_by: reviewer.id,
      reviewed_at: trx.fn.now(),
      ...request.approvalColumns,
    });
  } else {
    await kind.update(trx, id, {
      status: 'rejected',
      rejection_reason: review.rejectionReason,
      reviewed_by: reviewer.id,
      reviewed_at: trx.fn.now(),
      ...request.rejectionColumns,
    });
  }
  await request.announce(trx, row, {
    actorId: reviewer.id,
    subjectId: row.user_id,
    traceparent: reviewer.traceparent,
  });
  await events.audit(
    trx,
    {
      adminId: reviewer.id,
      action: kind.auditActions[review.status],
      targetId: id,
      targetType: request.kind,
      details: {
        userId: row.user_id,
        amount: row.amount,
        ...(row.first_approved_by ? { step: 'second approval', firstApprovedBy: row.first_approved_by } : {}),
        ...request.auditDetails?.(row),
        ...(review.rejectionReason ? { rejectionReason: review.rejectionReason } : {}),
      },
      ipAddress: reviewer.ip,
    },
    reviewer.traceparent,
  );
  // Money moves last, so the user's wallet lock and the platform account are held as briefly as possible.
  if (request.movement) {
    await moveMoney(
      events,
      trx,
      row.user_id,
      [{ ...request.movement, amount: row.amount, referenceId: id, createdBy: reviewer.id }],
      { actorId: reviewer.id, traceparent: reviewer.traceparent },
    );
  }
}

async function recordFirstApproval<K extends Kind>(
  events: ServiceEvents,
  trx: Knex.Transaction,
  reviewer: Reviewer,
  row: RowOf[K],
  request: ReviewedRequest<K>,
  fourEyes: FourEyes,
): Promise<void> {
  await KINDS[request.kind].update(trx, row.id, {
    first_approved_by: reviewer.id,
    first_approved_at: trx.fn.now(),
    ...fourEyes.firstApprovalColumns,
  });
  await events.audit(
    trx,
    {
      adminId: reviewer.id,
      action: KINDS[request.kind].auditActions.approved,
      targetId: row.id,
      targetType: request.kind,
      details: {
        step: 'first approval',
        awaitingSecondApproval: true,
        userId: row.user_id,
        amount: row.amount,
        ...request.auditDetails?.(row),
      },
      ipAddress: reviewer.ip,
    },
    reviewer.traceparent,
  );
}
