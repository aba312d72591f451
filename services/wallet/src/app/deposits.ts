// Deposits: an investor claims one (pending); with a transaction id the chain verifies it and the wallet credits
// what the chain saw, at once up to the auto-credit ceiling, else after an admin's approval; a mismatch is
// rejected with the chain's reason; without a transaction id an admin decides (docs/decisions/0080). Credited
// exactly once, whoever approves.
import { v7 as uuidv7 } from 'uuid';
import {
  CHAIN_ACTOR_ID,
  compareAmounts,
  DEFAULT_SETTINGS,
  NETWORK_LABELS,
  sameAmount,
  txidKey,
  type AdminDeposit,
  type AdminDepositDetail,
  type AdminTransferCounts,
  type AdminTransferListQuery,
  type Deposit,
  type DepositDetail,
  type DepositRequest,
  type DepositStatusUpdate,
  type EventData,
  type EventEnvelope,
  type PageQuery,
  type ProofLink,
} from '@cropvest/contracts';
import { ownedBy, type AuthUser } from '@cropvest/service-kit/auth';
import { type ServiceEvents } from '@cropvest/service-kit/bus';
import { type Knex, type Page } from '@cropvest/service-kit/db';
import { BadRequestError, ConflictError, NotFoundError } from '@cropvest/service-kit/errors';
import {
  objectExists,
  parseObjectPath,
  privateObjectLink,
  uploadedObject,
} from '@cropvest/service-kit/uploads';
import { transferKeys } from '../domain/reviews.ts';
import {
  countAdminDeposits,
  findAdminDeposit,
  findAdminDepositDetail,
  findDeposit,
  insertDeposit,
  listAdminDeposits,
  listUserDeposits,
  liveDepositOf,
  lockDeposit,
  toDeposit,
  toDepositDetail,
  updateDeposit,
  type DepositRow,
} from '../db/transfer-requests.ts';
import { readPaymentMethod } from '../db/payment-methods.ts';
import { readSetting } from '../db/projections.ts';
import {
  reviewPendingRequest,
  reviewPendingRequestIn,
  type Reviewer,
  type ReviewedRequest,
} from './pending-review.ts';
import { fourEyesRule } from './four-eyes.ts';
import { moveMoney } from './movements.ts';
import { inTransaction, type RequestMeta, type WalletContext } from './context.ts';
import { DEPOSIT_PROOF_UPLOADS } from './uploads.ts';
import { claimEvent } from '../events/announcements.ts';

export const AUTO_CREDIT_SETTING = 'autoCreditDeposits';
export const AUTO_CREDIT_CEILING_SETTING = 'autoCreditCeiling';
export const SAME_APPROVER_MESSAGE =
  'This deposit needs a second approval from a different admin; you gave the first one.';

export async function myDeposits(
  ctx: WalletContext,
  user: AuthUser,
  query: PageQuery,
): Promise<Page<Deposit>> {
  const page = await listUserDeposits(ctx.db, user.id, query);
  return { ...page, items: page.items.map(toDeposit) };
}
/** One of the caller's own deposits; anyone else's answers 404 as an unknown one, so ids cannot be probed. */
export async function myDeposit(ctx: WalletContext, user: AuthUser, id: string): Promise<DepositDetail> {
  const row = await findDeposit(ctx.db, id);
  if (row?.user_id !== user.id) throw new NotFoundError('Deposit not found', 'DEPOSIT_NOT_FOUND');
  return toDepositDetail(row);
}

export async function adminDeposit(ctx: WalletContext, id: string): Promise<AdminDepositDetail> {
  const deposit = await findAdminDepositDetail(ctx.db, id, await fourEyesRule(ctx.db));
  if (!deposit) throw new NotFoundError('Deposit not found', 'DEPOSIT_NOT_FOUND');
  return deposit;
}

export const adminDeposits = async (
  ctx: WalletContext,
  query: AdminTransferListQuery,
): Promise<Page<AdminDeposit>> => listAdminDeposits(ctx.db, query, await fourEyesRule(ctx.db));
export const depositCounts = (ctx: WalletContext, q: string | undefined): Promise<AdminTransferCounts> =>
  countAdminDeposits(ctx.db, q);

/** The proof must be an object this user uploaded with a deposit-proof ticket (objectPath, or the uploadURL). */
async function resolveProof(ctx: WalletContext, user: AuthUser, screenshotUrl: string): Promise<string> {
  const upload = await uploadedObject(ctx.config.UPLOAD_TOKEN_SECRET, screenshotUrl);
  if (upload.kind === 'unsigned-address')
    throw new BadRequestError('screenshotUrl is not an upload address this platform issued', 'INVALID_PROOF');
  if (
    upload.kind !== 'object' ||
    upload.bucket !== DEPOSIT_PROOF_UPLOADS.bucket ||
    upload.ownerId !== user.id
  ) {
    throw new BadRequestError(
      'screenshotUrl must be the objectPath of a proof you uploaded through /api/objects/upload',
      'INVALID_PROOF',
    );
  }
  if (!(await objectExists(ctx.store, upload.bucket, upload.key)))
    throw new BadRequestError(
      'The proof file was not uploaded yet; upload it, then submit the deposit',
      'PROOF_MISSING',
    );
  return upload.path;
}

const uniqueViolation = (error: unknown, constraint: string) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: string }).code === '23505' &&
  (error as { constraint?: string }).constraint === constraint;

export async function createDeposit(
  ctx: WalletContext,
  user: AuthUser,
  input: DepositRequest,
  meta: RequestMeta,
): Promise<Deposit> {
  if (!(await readPaymentMethod(ctx.db, input.network)).deposits)
    throw new ConflictError(
      `Deposits on ${NETWORK_LABELS[input.network]} are not accepted at the moment`,
      'DEPOSITS_NOT_ACCEPTED',
    );
  const screenshotUrl = input.screenshotUrl ? await resolveProof(ctx, user, input.screenshotUrl) : null;
  try {
    const row = await inTransaction(ctx, async (trx) => {
      const deposit = await insertDeposit(trx, {
        id: uuidv7(),
        user_id: user.id,
        amount: input.amount,
        claimed_amount: input.amount,
        network: input.network,
        txid: input.txid,
        txid_key: input.txid ? txidKey(input.txid) : null,
        screenshot_url: screenshotUrl,
        chain_status: input.txid ? 'checking' : 'no_txid',
      });
      // The chain verifies the claim; the wallet credits from its verdict (chain.deposit.*).
      if (deposit.txid) {
        const { data, meta: eventMeta } = claimEvent(deposit);
        await ctx.events.emit(trx, 'deposit.requested', data, {
          ...eventMeta,
          traceparent: meta.traceparent,
        });
      }
      return deposit;
    });
    return toDeposit(row);
  } catch (error) {
    if (uniqueViolation(error, 'deposits_txid_claimed'))
      throw new ConflictError(
        'This transaction id has already been claimed by another deposit',
        'TXID_CLAIMED',
      );
    if (uniqueViolation(error, 'deposits_screenshot_once'))
      throw new ConflictError('This proof is already attached to another deposit', 'PROOF_ALREADY_USED');
    throw error;
  }
}

/** What approving or rejecting a deposit does besides the common review steps (pending-review.ts). */
function depositReview(
  events: ServiceEvents,
  id: string,
  review: DepositStatusUpdate,
  creditedBy: 'chain' | 'admin',
): ReviewedRequest<'deposit'> {
  return {
    kind: 'deposit',
    approvalColumns: { credited_by: creditedBy },
    announce: (trx, deposit, eventMeta) =>
      review.status === 'approved'
        ? events.emit(
            trx,
            'deposit.approved',
            {
              depositId: deposit.id,
              userId: deposit.user_id,
              amount: deposit.amount,
              approvedBy: eventMeta.actorId as string,
              creditedBy,
              network: deposit.network,
              claimedAmount: sameAmount(deposit.amount, deposit.claimed_amount)
                ? null
                : deposit.claimed_amount,
            },
            eventMeta,
          )
        : events.emit(
            trx,
            'deposit.rejected',
            {
              depositId: deposit.id,
              userId: deposit.user_id,
              amount: deposit.amount,
              rejectionReason: review.rejectionReason,
              rejectedBy: eventMeta.actorId as string,
            },
            eventMeta,
          ),
    auditDetails: (deposit) => ({
      network: deposit.network,
      ...(deposit.txid ? { txid: deposit.txid } : {}),
      chainVerdict: deposit.chain_status,
      ...(sameAmount(deposit.amount, deposit.claimed_amount)
        ? {}
        : { claimedAmount: deposit.claimed_amount }),
    }),
    movement:
      review.status === 'approved'
        ? { key: transferKeys.depositCredit(id), kind: 'deposit', from: 'deposits_inflow', to: 'available' }
        : null,
  };
}

/**
 * An admin approves (credits once) or rejects a pending deposit; a second review is refused with 409. At or above
 * the four-eyes threshold the first approval credits nothing and a different admin must give the second.
 */
export async function reviewDeposit(
  ctx: WalletContext,
  admin: AuthUser,
  id: string,
  review: DepositStatusUpdate,
  meta: RequestMeta,
): Promise<AdminDeposit> {
  const needsTwoAdmins = await fourEyesRule(ctx.db);
  await reviewPendingRequest(ctx, { id: admin.id, ip: meta.ip, traceparent: meta.traceparent }, id, review, {
    ...depositReview(ctx.events, id, review, 'admin'),
    fourEyes: { needsTwoAdmins, sameApproverMessage: SAME_APPROVER_MESSAGE },
  });
  return (await findAdminDeposit(ctx.db, id, needsTwoAdmins)) as AdminDeposit;
}

/** A short-lived link to view a deposit's proof: its owner or an admin only (others get 404). */
export async function proofLink(ctx: WalletContext, user: AuthUser, id: string): Promise<ProofLink> {
  const deposit = ownedBy(await findDeposit(ctx.db, id), user, 'Deposit');
  const parsed = deposit.screenshot_url ? parseObjectPath(deposit.screenshot_url) : null;
  if (!parsed) throw new NotFoundError('This deposit has no proof attached', 'NO_PROOF');
  const [link, stat] = await Promise.all([
    privateObjectLink(ctx.linkStore, parsed.bucket, parsed.key, ctx.config.PROOF_LINK_TTL_SECONDS),
    ctx.store.statObject(parsed.bucket, parsed.key),
  ]);
  const contentType = (stat.metaData as Record<string, string | undefined>)['content-type'] ?? null;
  return { ...link, contentType };
}

// ---- the chain's verdicts (chain.deposit.*), in the consumer's transaction ----

const chainReviewer = (event: EventEnvelope): Reviewer => ({
  id: CHAIN_ACTOR_ID,
  ip: null,
  traceparent: event.traceparent,
});

/**
 * The deposit a verdict is for, locked, when the verdict still applies: the deposit is pending (an admin may have
 * decided it already) and the verdict is newer than the last one applied.
 */
async function openDeposit(
  trx: Knex.Transaction,
  depositId: string,
  seq: number,
): Promise<DepositRow | null> {
  const deposit = await lockDeposit(trx, depositId);
  return deposit && deposit.status === 'pending' && deposit.chain_seq < seq ? deposit : null;
}

/** Progress: confirming, not found yet, not found after the window (then an admin decides). */
export async function recordChainCheck(
  trx: Knex.Transaction,
  event: EventEnvelope<EventData<'chain.deposit.checked'>>,
): Promise<void> {
  const { data } = event;
  if (!(await openDeposit(trx, data.depositId, data.seq))) return;
  await updateDeposit(trx, data.depositId, {
    chain_status: data.status,
    chain_message: data.message,
    chain_confirmations: data.confirmations,
    chain_required_confirmations: data.requiredConfirmations,
    chain_checked_at: event.occurredAt,
    chain_seq: data.seq,
  });
}

/** A mismatch: the deposit is rejected by the chain with its reason, and nothing is credited. */
export async function rejectRefusedDeposit(
  events: ServiceEvents,
  trx: Knex.Transaction,
  event: EventEnvelope<EventData<'chain.deposit.refused'>>,
): Promise<void> {
  const { data } = event;
  if (!(await openDeposit(trx, data.depositId, data.seq))) return;
  const review = { status: 'rejected', rejectionReason: data.message } as const;
  await reviewPendingRequestIn(events, trx, chainReviewer(event), data.depositId, review, {
    ...depositReview(events, data.depositId, review, 'chain'),
    rejectionColumns: {
      chain_status: 'refused',
      chain_reason: data.reason,
      chain_message: data.message,
      chain_checked_at: event.occurredAt,
      chain_seq: data.seq,
    },
  });
}

/**
 * Final, real USDT paid the platform: the deposit now carries the chain's amount (a first approval given for
 * another amount no longer counts), and the chain credits it at once when auto-credit is on and the amount is
 * within the ceiling; otherwise it waits for an admin, who sees the verdict.
 */
export async function creditVerifiedDeposit(
  events: ServiceEvents,
  trx: Knex.Transaction,
  event: EventEnvelope<EventData<'chain.deposit.verified'>>,
): Promise<void> {
  const { data } = event;
  const deposit = await openDeposit(trx, data.depositId, data.seq);
  if (!deposit) return;
  await updateDeposit(trx, data.depositId, {
    amount: data.amount,
    txid: data.txid,
    chain_status: 'verified',
    chain_message: null,
    chain_amount: data.amount,
    chain_confirmations: data.confirmations,
    chain_required_confirmations: data.requiredConfirmations,
    chain_checked_at: event.occurredAt,
    chain_seq: data.seq,
    ...(sameAmount(deposit.amount, data.amount) ? {} : { first_approved_by: null, first_approved_at: null }),
  });
  const autoCredit =
    (await readSetting<boolean>(trx, AUTO_CREDIT_SETTING)) ?? DEFAULT_SETTINGS.security.autoCreditDeposits;
  const ceiling =
    (await readSetting<string>(trx, AUTO_CREDIT_CEILING_SETTING)) ??
    DEFAULT_SETTINGS.security.autoCreditCeiling;
  if (!autoCredit || compareAmounts(data.amount, ceiling) > 0) return;
  const review = { status: 'approved', rejectionReason: null } as const;
  await reviewPendingRequestIn(
    events,
    trx,
    chainReviewer(event),
    data.depositId,
    review,
    depositReview(events, data.depositId, review, 'chain'),
  );
}

/**
 * An admin assigned a transfer nobody claimed to an investor (docs/decisions/0084), in the consumer's transaction: a
 * new deposit with the assignment's id, verified by the chain, approved by the admin who settled the assignment
 * (beside the first admin's approval when two were needed), credited once (the inbox, then the movement's key) and
 * announced like any approval, so the investor is told. The chain audited each step.
 *
 * An investor's claim of the same transaction may have reached the wallet before the chain knew of it. While that
 * claim is pending the event comes back (thrown) until the chain's refusal of it (the assignment holds its logs) has
 * rejected it. Had an admin approved that claim by hand meanwhile, the transfer is credited already: the assignment
 * credits nothing, and the conflict is audited for the admins to look at.
 */
export async function creditAssignedTransfer(
  events: ServiceEvents,
  trx: Knex.Transaction,
  event: EventEnvelope<EventData<'chain.transfer.assigned'>>,
): Promise<void> {
  const { data } = event;
  if (await lockDeposit(trx, data.assignmentId)) return;
  const claim = await liveDepositOf(trx, txidKey(data.txid));
  if (claim?.status === 'pending')
    throw new Error(`deposit ${claim.id} claims ${data.txid}: waiting for the chain's verdict on it`);
  if (claim) {
    await events.audit(
      trx,
      {
        adminId: data.approvedBy,
        action: 'deposit_assign_conflict',
        targetId: data.assignmentId,
        targetType: 'transfer_assignment',
        details: {
          userId: data.userId,
          amount: data.amount,
          network: data.network,
          txid: data.txid,
          creditedBy: { depositId: claim.id, userId: claim.user_id, amount: claim.amount },
        },
      },
      event.traceparent,
    );
    return;
  }
  const at = new Date(event.occurredAt);
  const secondAdmin = data.approvedBy !== data.assignedBy;
  const deposit = await insertDeposit(trx, {
    id: data.assignmentId,
    user_id: data.userId,
    amount: data.amount,
    claimed_amount: data.amount,
    network: data.network,
    txid: data.txid,
    txid_key: txidKey(data.txid),
    screenshot_url: null,
    status: 'approved',
    approved_by: data.approvedBy,
    approved_at: at,
    reviewed_by: data.approvedBy,
    reviewed_at: at,
    credited_by: 'admin',
    first_approved_by: secondAdmin ? data.assignedBy : null,
    first_approved_at: secondAdmin ? at : null,
    chain_status: 'verified',
    chain_amount: data.amount,
    chain_checked_at: at,
  });
  const meta = { actorId: data.approvedBy, subjectId: data.userId, traceparent: event.traceparent };
  await events.emit(
    trx,
    'deposit.approved',
    {
      depositId: deposit.id,
      userId: deposit.user_id,
      amount: deposit.amount,
      approvedBy: data.approvedBy,
      creditedBy: 'admin',
      network: deposit.network,
      claimedAmount: null,
    },
    meta,
  );
  await moveMoney(
    events,
    trx,
    deposit.user_id,
    [
      {
        key: transferKeys.depositCredit(deposit.id),
        kind: 'deposit',
        from: 'deposits_inflow',
        to: 'available',
        amount: deposit.amount,
        referenceId: deposit.id,
        memo: `Unmatched transfer assigned: ${data.reason}`,
        createdBy: data.approvedBy,
      },
    ],
    { actorId: data.approvedBy, traceparent: event.traceparent },
  );
}
