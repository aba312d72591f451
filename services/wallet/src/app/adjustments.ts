// Manual balance adjustments (identity's admin balance edit, `cmd.wallet.adjust`) under the four-eyes rule of
// docs/decisions/0060-four-eyes-approval.md: below the threshold the requesting admin's edit is applied at
// once; at or above it the request is the first approval, recorded and audited, and moves nothing until a
// different admin approves it. Any admin may reject a held adjustment; nothing moves then.
import { v7 as uuidv7 } from 'uuid';
import type {
  AdminBalanceAdjustment,
  AdminBalanceAdjustmentQuery,
  BalanceAdjustmentStatusUpdate,
  WalletAdjustCommand,
  WalletAdjustResult,
  z,
} from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { type ServiceEvents } from '@cropvest/service-kit/bus';
import { type Knex, type Page } from '@cropvest/service-kit/db';
import { ConflictError, NotFoundError } from '@cropvest/service-kit/errors';
import { compareAmounts, money, toMoneyString } from '@cropvest/contracts';
import { transferKeys } from '../domain/reviews.ts';
import { lockWallet, type LockedWallet, type TransferRow } from '../db/ledger.ts';
import {
  findAdjustmentByKey,
  findAdminAdjustment,
  insertAdjustment,
  listAdminAdjustments,
  lockAdjustment,
  requestedBalance,
  updateAdjustment,
  type AdjustmentRow,
} from '../db/adjustments.ts';
import { moveMoney } from './movements.ts';
import { fourEyesRule, refuseSameApprover } from './four-eyes.ts';
import { inTransaction, type RequestMeta, type WalletContext } from './context.ts';

export const SAME_APPROVER_MESSAGE =
  'This balance adjustment needs a second approval from a different admin; you requested it.';
export const EXCEEDS_BALANCE_MESSAGE =
  'This adjustment would take the available balance below zero; reject it or wait until the balance allows it.';

/** The answer to identity's command for an adjustment row, also when a retried command finds it. */
const resultOf = (row: AdjustmentRow): WalletAdjustResult => ({
  userId: row.user_id,
  previousBalance: row.previous_balance,
  balance: row.status === 'applied' ? requestedBalance(row) : row.previous_balance,
  transferId: row.transfer_id,
  balanceAdjustment: { id: row.id, status: row.status },
});

/**
 * Posts the adjustment's transfer on the locked wallet and marks it applied by `approverId`, audited as
 * `balance_adjust` (with the second-approval step when it was held). The requested change is applied as it
 * was asked for; a decrease larger than the available balance is refused (409) and leaves it as it was.
 */
async function applyAdjustment(
  events: ServiceEvents,
  trx: Knex.Transaction,
  row: AdjustmentRow,
  wallet: LockedWallet,
  approverId: string,
  meta: RequestMeta,
): Promise<AdjustmentRow> {
  const up = row.direction === 'in';
  const before = wallet.accounts.available.balance;
  if (!up && compareAmounts(before, row.amount) < 0)
    throw new ConflictError(EXCEEDS_BALANCE_MESSAGE, 'ADJUSTMENT_EXCEEDS_BALANCE');
  const { transfers, balances } = await moveMoney(
    events,
    trx,
    row.user_id,
    [
      {
        key: transferKeys.adjustment(row.id),
        kind: 'adjustment',
        from: up ? 'adjustments' : 'available',
        to: up ? 'available' : 'adjustments',
        amount: row.amount,
        memo: row.reason,
        createdBy: approverId,
      },
    ],
    { actorId: approverId, traceparent: meta.traceparent },
    wallet,
  );
  const transfer = (transfers[0] as { transfer: TransferRow }).transfer;
  const applied = await updateAdjustment(trx, row.id, {
    status: 'applied',
    reviewed_by: approverId,
    reviewed_at: trx.fn.now(),
    transfer_id: transfer.id,
  });
  await events.audit(
    trx,
    {
      adminId: approverId,
      action: 'balance_adjust',
      targetId: row.user_id,
      targetType: 'user',
      details: {
        adjustmentId: row.id,
        from: before,
        to: balances.available,
        amount: toMoneyString(up ? row.amount : money(row.amount).negated()),
        reason: row.reason,
        transferId: transfer.id,
        ...(row.requires_second_approval ? { step: 'second approval', requestedBy: row.requested_by } : {}),
      },
      ipAddress: meta.ip,
    },
    meta.traceparent,
  );
  return applied;
}

/**
 * `cmd.wallet.adjust`: an admin sets a user's available balance; the difference from the balance now is the
 * adjustment asked for (nothing when it is none). The idempotency key makes a retried command answer the first
 * result; it is looked up under the user's wallet lock, so a retry racing the first command waits for it.
 */
export async function adjustBalance(
  ctx: WalletContext,
  input: z.output<typeof WalletAdjustCommand>,
): Promise<WalletAdjustResult> {
  const needsTwoAdmins = await fourEyesRule(ctx.db);
  const meta: RequestMeta = { ip: input.ipAddress ?? null, traceparent: input.traceparent ?? null };
  return inTransaction(ctx, async (trx) => {
    const wallet = await lockWallet(trx, input.userId);
    const earlier = await findAdjustmentByKey(trx, input.idempotencyKey);
    if (earlier) return resultOf(earlier);
    const previous = wallet.accounts.available.balance;
    const delta = money(input.balance).minus(previous);
    if (delta.isZero())
      return {
        userId: input.userId,
        previousBalance: previous,
        balance: previous,
        transferId: null,
        balanceAdjustment: null,
      };
    const amount = toMoneyString(delta.abs());
    const held = needsTwoAdmins(amount);
    const row = await insertAdjustment(trx, {
      id: uuidv7(),
      idempotency_key: input.idempotencyKey,
      user_id: input.userId,
      direction: delta.greaterThan(0) ? 'in' : 'out',
      amount,
      reason: input.reason,
      previous_balance: previous,
      requires_second_approval: held,
      status: held ? 'awaiting_second_approval' : 'applied',
      requested_by: input.adminId,
    });
    if (!held) return resultOf(await applyAdjustment(ctx.events, trx, row, wallet, input.adminId, meta));
    await ctx.events.audit(
      trx,
      {
        adminId: input.adminId,
        action: 'balance_adjust',
        targetId: input.userId,
        targetType: 'user',
        details: {
          step: 'first approval',
          awaitingSecondApproval: true,
          adjustmentId: row.id,
          from: previous,
          requestedBalance: input.balance,
          amount: toMoneyString(delta),
          reason: input.reason,
        },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
    return resultOf(row);
  });
}

export const adminAdjustments = (
  ctx: WalletContext,
  query: AdminBalanceAdjustmentQuery,
): Promise<Page<AdminBalanceAdjustment>> => listAdminAdjustments(ctx.db, query);

/**
 * The second step of a held adjustment, under its row lock so that racing approvals apply it once (the loser
 * finds it applied: 409; the transfer's idempotency key is a second guard). Approval: another admin than the
 * requester, and the ledger moves. Rejection: any admin, with an optional reason; nothing moves.
 */
export async function reviewAdjustment(
  ctx: WalletContext,
  admin: AuthUser,
  id: string,
  review: BalanceAdjustmentStatusUpdate,
  meta: RequestMeta,
): Promise<AdminBalanceAdjustment> {
  await inTransaction(ctx, async (trx) => {
    const row = await lockAdjustment(trx, id);
    if (!row) throw new NotFoundError('Balance adjustment not found', 'ADJUSTMENT_NOT_FOUND');
    if (row.status !== 'awaiting_second_approval')
      throw new ConflictError(`Balance adjustment has already been ${row.status}`, 'ALREADY_REVIEWED');
    if (review.status === 'approved') {
      refuseSameApprover(row.requested_by, admin, SAME_APPROVER_MESSAGE);
      await applyAdjustment(ctx.events, trx, row, await lockWallet(trx, row.user_id), admin.id, meta);
      return;
    }
    await updateAdjustment(trx, id, {
      status: 'rejected',
      reviewed_by: admin.id,
      reviewed_at: trx.fn.now(),
      rejection_reason: review.rejectionReason,
    });
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: 'balance_adjust_reject',
        targetId: row.user_id,
        targetType: 'user',
        details: {
          adjustmentId: id,
          amount: toMoneyString(row.direction === 'in' ? row.amount : money(row.amount).negated()),
          reason: row.reason,
          requestedBy: row.requested_by,
          ...(review.rejectionReason ? { rejectionReason: review.rejectionReason } : {}),
        },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
  });
  return (await findAdminAdjustment(ctx.db, id)) as AdminBalanceAdjustment;
}
