// Withdrawals: the amount moves to the hold at once; an admin approves (hold -> outflow) or rejects
// (hold -> available). Only TRC-20 destinations; KYC approval first when the security settings require it.
import { v7 as uuidv7 } from 'uuid';
import {
  DEFAULT_SETTINGS,
  type AdminWithdrawal,
  type AdminWithdrawalDetail,
  type PageQuery,
  type AdminTransferCounts,
  type AdminTransferListQuery,
  type Withdrawal,
  type WithdrawalDetail,
  type WithdrawalRequest,
  type WithdrawalStatusUpdate,
  type EventData,
  type EventEnvelope,
} from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { type Knex, type Page } from '@cropvest/service-kit/db';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@cropvest/service-kit/errors';
import { checkTronAddress } from '@cropvest/contracts/chain/addresses';
import { transferKeys } from '../domain/reviews.ts';
import {
  countAdminWithdrawals,
  findAdminWithdrawal,
  findAdminWithdrawalDetail,
  findWithdrawal,
  insertWithdrawal,
  listAdminWithdrawals,
  listUserWithdrawals,
  lockWithdrawal,
  toWithdrawal,
  toWithdrawalDetail,
  updateWithdrawal,
} from '../db/transfer-requests.ts';
import { kycStatusOf, readSetting } from '../db/projections.ts';
import { moveMoney } from './movements.ts';
import { reviewPendingRequest } from './pending-review.ts';
import { fourEyesRule } from './four-eyes.ts';
import { refuseOverWithdrawalLimits } from './withdrawal-limits.ts';
import { assertWithdrawalsAccepted } from './settings.ts';
import { assertNoWithdrawalHold, assertNotFrozenForApproval } from './withdrawal-holds.ts';
import { assertWithdrawalAddressAllowed } from './address-book.ts';
import { inTransaction, type RequestMeta, type WalletContext } from './context.ts';

export const REQUIRE_KYC_SETTING = 'requireKycForWithdrawals';
export const KYC_REQUIRED_MESSAGE =
  'Your identity must be verified before you can withdraw. Please complete KYC verification and wait for its approval.';

export async function myWithdrawals(
  ctx: WalletContext,
  user: AuthUser,
  query: PageQuery,
): Promise<Page<Withdrawal>> {
  const page = await listUserWithdrawals(ctx.db, user.id, query);
  return { ...page, items: page.items.map(toWithdrawal) };
}

/** One of the caller's own withdrawals; anyone else's answers 404 as an unknown one, so ids cannot be probed. */
export async function myWithdrawal(
  ctx: WalletContext,
  user: AuthUser,
  id: string,
): Promise<WithdrawalDetail> {
  const row = await findWithdrawal(ctx.db, id);
  if (row?.user_id !== user.id) throw new NotFoundError('Withdrawal not found', 'WITHDRAWAL_NOT_FOUND');
  return toWithdrawalDetail(row);
}

export async function adminWithdrawal(ctx: WalletContext, id: string): Promise<AdminWithdrawalDetail> {
  const withdrawal = await findAdminWithdrawalDetail(ctx.db, id, await fourEyesRule(ctx.db));
  if (!withdrawal) throw new NotFoundError('Withdrawal not found', 'WITHDRAWAL_NOT_FOUND');
  return withdrawal;
}

export const SAME_APPROVER_MESSAGE =
  'This withdrawal needs a second approval from a different admin; you gave the first one.';

export async function adminWithdrawals(
  ctx: WalletContext,
  query: AdminTransferListQuery,
): Promise<Page<AdminWithdrawal>> {
  return listAdminWithdrawals(ctx.db, query, await fourEyesRule(ctx.db));
}

export const withdrawalCounts = (ctx: WalletContext, q: string | undefined): Promise<AdminTransferCounts> =>
  countAdminWithdrawals(ctx.db, q);

export async function requestWithdrawal(
  ctx: WalletContext,
  user: AuthUser,
  input: WithdrawalRequest,
  meta: RequestMeta,
): Promise<Withdrawal> {
  const address = checkTronAddress(input.walletAddress);
  if (!address.ok)
    throw new ValidationError(address.message, [{ path: 'walletAddress', message: address.message }]);
  await assertWithdrawalsAccepted(ctx, 'TRC20');
  const requireKyc =
    (await readSetting<boolean>(ctx.db, REQUIRE_KYC_SETTING)) ??
    DEFAULT_SETTINGS.security.requireKycForWithdrawals;
  if (requireKyc && (await kycStatusOf(ctx.db, user.id)) !== 'approved')
    throw new ForbiddenError(KYC_REQUIRED_MESSAGE, 'KYC_REQUIRED');
  await assertWithdrawalAddressAllowed(ctx.db, user.id, address.address, input.confirmLookalike);

  const row = await inTransaction(ctx, async (trx) => {
    await assertNoWithdrawalHold(trx, user.id);
    await refuseOverWithdrawalLimits(trx, user.id, input.amount);
    const withdrawal = await insertWithdrawal(trx, {
      id: uuidv7(),
      user_id: user.id,
      amount: input.amount,
      wallet_address: address.address,
    });
    await ctx.events.emit(
      trx,
      'withdrawal.requested',
      {
        withdrawalId: withdrawal.id,
        userId: user.id,
        amount: withdrawal.amount,
        walletAddress: withdrawal.wallet_address,
      },
      { actorId: user.id, subjectId: user.id, traceparent: meta.traceparent },
    );
    // Money moves last, so the user's wallet lock is held as briefly as possible.
    await moveMoney(
      ctx.events,
      trx,
      user.id,
      [
        {
          key: transferKeys.withdrawalHold(withdrawal.id),
          kind: 'withdrawal_hold',
          from: 'available',
          to: 'hold',
          amount: input.amount,
          referenceId: withdrawal.id,
        },
      ],
      { actorId: user.id, traceparent: meta.traceparent },
    );
    return withdrawal;
  });
  return toWithdrawal(row);
}

export async function reviewWithdrawal(
  ctx: WalletContext,
  admin: AuthUser,
  id: string,
  review: WithdrawalStatusUpdate,
  meta: RequestMeta,
): Promise<AdminWithdrawal> {
  const needsTwoAdmins = await fourEyesRule(ctx.db);
  if (review.status === 'approved') {
    const owner = await ctx.db('withdrawals').where({ id }).first<{ user_id: string } | undefined>('user_id');
    if (owner) await assertNotFrozenForApproval(ctx.db, owner.user_id);
  }
  await reviewPendingRequest(ctx, { id: admin.id, ip: meta.ip, traceparent: meta.traceparent }, id, review, {
    kind: 'withdrawal',
    // With the payout's transaction id the chain verifies it (it reads withdrawal.approved); without, it is unverified.
    approvalColumns: { txid: review.txid, chain_status: review.txid ? 'checking' : 'no_txid' },
    fourEyes: {
      needsTwoAdmins,
      sameApproverMessage: SAME_APPROVER_MESSAGE,
      firstApprovalColumns: review.txid ? { txid: review.txid } : {},
    },
    announce: (trx, withdrawal, eventMeta) => {
      const base = { withdrawalId: id, userId: withdrawal.user_id, amount: withdrawal.amount };
      return review.status === 'approved'
        ? ctx.events.emit(
            trx,
            'withdrawal.approved',
            { ...base, walletAddress: withdrawal.wallet_address, txid: review.txid, approvedBy: admin.id },
            eventMeta,
          )
        : ctx.events.emit(
            trx,
            'withdrawal.rejected',
            { ...base, rejectionReason: review.rejectionReason, rejectedBy: admin.id },
            eventMeta,
          );
    },
    auditDetails: (withdrawal) => ({
      walletAddress: withdrawal.wallet_address,
      ...(review.txid ? { txid: review.txid } : {}),
    }),
    movement:
      review.status === 'approved'
        ? {
            key: transferKeys.withdrawalSettle(id),
            kind: 'withdrawal_settle',
            from: 'hold',
            to: 'withdrawals_outflow',
          }
        : {
            key: transferKeys.withdrawalRelease(id),
            kind: 'withdrawal_release',
            from: 'hold',
            to: 'available',
          },
  });
  return (await findAdminWithdrawal(ctx.db, id, needsTwoAdmins)) as AdminWithdrawal;
}

/**
 * The payout's transaction id, given after the approval: for an approved withdrawal whose payout has none, or one
 * the chain found wrong or never found. The chain verifies it (`withdrawal.transfer_recorded`); audited.
 */
export async function recordPayoutTxid(
  ctx: WalletContext,
  admin: AuthUser,
  id: string,
  txid: string,
  meta: RequestMeta,
): Promise<AdminWithdrawal> {
  await inTransaction(ctx, async (trx) => {
    const withdrawal = await lockWithdrawal(trx, id);
    if (!withdrawal) throw new NotFoundError('Withdrawal not found', 'WITHDRAWAL_NOT_FOUND');
    if (withdrawal.status !== 'approved')
      throw new ConflictError(
        'Only an approved withdrawal has a payout to record; approve it with its transaction id',
        'NOT_APPROVED',
      );
    if (!PAYOUT_OPEN_TO_CORRECTION.has(withdrawal.chain_status))
      throw new ConflictError(
        withdrawal.chain_status === 'verified'
          ? 'This payout is already verified on chain'
          : 'This payout is being verified on chain; wait for the verdict before replacing its transaction id',
        'PAYOUT_ALREADY_RECORDED',
      );
    await updateWithdrawal(trx, id, {
      txid,
      chain_status: 'checking',
      chain_reason: null,
      chain_message: null,
      chain_confirmations: null,
      chain_required_confirmations: null,
    });
    await ctx.events.emit(
      trx,
      'withdrawal.transfer_recorded',
      {
        withdrawalId: id,
        userId: withdrawal.user_id,
        amount: withdrawal.amount,
        walletAddress: withdrawal.wallet_address,
        txid,
        recordedBy: admin.id,
      },
      { actorId: admin.id, subjectId: withdrawal.user_id, traceparent: meta.traceparent },
    );
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: 'withdrawal_txid',
        targetId: id,
        targetType: 'withdrawal',
        details: {
          userId: withdrawal.user_id,
          amount: withdrawal.amount,
          txid,
          previousTxid: withdrawal.txid,
        },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
  });
  return (await findAdminWithdrawal(ctx.db, id, await fourEyesRule(ctx.db))) as AdminWithdrawal;
}

/** Payout verdicts after which an admin may give (another) transaction id. */
const PAYOUT_OPEN_TO_CORRECTION = new Set(['unchecked', 'no_txid', 'not_found', 'mismatch']);

/** The chain's verdict on a payout, newest first (a late, older one is ignored). Moves no money. */
export async function recordPayoutVerdict(
  trx: Knex.Transaction,
  event: EventEnvelope<EventData<'chain.withdrawal.verified'>>,
): Promise<void> {
  const { data } = event;
  await trx('withdrawals')
    .where({ id: data.withdrawalId, txid: data.txid })
    .where('chain_seq', '<', data.seq)
    .update({
      chain_status: data.status,
      chain_reason: data.reason,
      chain_message: data.message,
      chain_confirmations: data.confirmations,
      chain_required_confirmations: data.requiredConfirmations,
      chain_checked_at: event.occurredAt,
      chain_seq: data.seq,
    });
}
