// Movements other services ask for: the plans service's debit and harvest, identity's admin balance edit.
import type {
  EventData,
  EventEnvelope,
  WalletAdjustResult,
  WalletBalances,
  WalletDebitResult,
  WalletAdjustCommand,
  WalletDebitCommand,
} from '@cropvest/contracts';
import { type z } from '@cropvest/contracts';
import { ConflictError, emitAudit, type Knex } from '@cropvest/service-kit';
import { money, sameAmount, sub, toMoneyString } from '../domain/money.ts';
import { transferKeys } from '../domain/reviews.ts';
import { entryOf, findTransferByKey, lockWallet, readBalances, type TransferRow } from '../db/ledger.ts';
import { walletStats } from '../db/records.ts';
import { moveMoney, moveMoneyInBulk, type Movement } from './movements.ts';
import { inTransaction, SOURCE, type WalletContext } from './context.ts';

async function debitResult(
  db: Knex,
  transfer: TransferRow,
  investmentId: string,
): Promise<WalletDebitResult> {
  const entry = await entryOf(db, transfer.id, transfer.debit_account_id);
  return {
    transferId: transfer.id,
    investmentId,
    userId: transfer.user_id,
    amount: transfer.amount,
    balance: entry?.balance_after as string,
    createdAt: transfer.created_at.toISOString(),
  };
}

function sameDebit(transfer: TransferRow, input: z.output<typeof WalletDebitCommand>): void {
  if (transfer.user_id !== input.userId || !sameAmount(transfer.amount, input.amount)) {
    throw new ConflictError(
      'This investment was already debited with a different user or amount',
      'IDEMPOTENCY_MISMATCH',
    );
  }
}

/**
 * `cmd.wallet.debit`: available -> invested, once per investment id. A repeat answers the first result and
 * moves nothing; too little available money answers 400 'Insufficient balance' and moves nothing.
 */
export async function debitForInvestment(
  ctx: WalletContext,
  input: z.output<typeof WalletDebitCommand>,
): Promise<WalletDebitResult> {
  const key = transferKeys.investmentDebit(input.investmentId);
  const earlier = await findTransferByKey(ctx.db, key);
  if (earlier) {
    sameDebit(earlier, input);
    return debitResult(ctx.db, earlier, input.investmentId);
  }
  const transfer = await inTransaction(ctx, async (trx) => {
    const { transfers } = await moveMoney(trx, input.userId, [
      {
        key,
        kind: 'investment',
        from: 'available',
        to: 'invested',
        amount: input.amount,
        referenceId: input.investmentId,
        memo: input.memo,
      },
    ]);
    return (transfers[0] as { transfer: TransferRow }).transfer;
  });
  sameDebit(transfer, input);
  return debitResult(ctx.db, transfer, input.investmentId);
}

/**
 * `investment.harvested`: principal invested -> available and interest interest_paid -> available, once per
 * investment (one idempotency key per movement). The plan's title, when the event has it, stays with both
 * transfers for the transaction history. A harvest day brings thousands at once: the consumer hands them over
 * in batches and they are posted in bulk (`moveMoneyInBulk`): principal only leaves `invested` and everything
 * arrives in `available`, so each account moves one way, as the bulk posting needs.
 */
export async function payHarvests(
  trx: Knex.Transaction,
  events: EventEnvelope<EventData<'investment.harvested'>>[],
): Promise<void> {
  await moveMoneyInBulk(
    trx,
    events.map(({ data, traceparent }) => {
      const { investmentId, userId, principal, interest, planTitle } = data;
      const movements: Movement[] = [];
      if (money(principal).greaterThan(0))
        movements.push({
          key: transferKeys.harvestPrincipal(investmentId),
          kind: 'harvest_principal',
          from: 'invested',
          to: 'available',
          amount: principal,
          referenceId: investmentId,
          memo: planTitle,
        });
      if (money(interest).greaterThan(0))
        movements.push({
          key: transferKeys.harvestInterest(investmentId),
          kind: 'harvest_interest',
          from: 'interest_paid',
          to: 'available',
          amount: interest,
          referenceId: investmentId,
          memo: planTitle,
        });
      return { userId, movements, traceparent };
    }),
  );
}

/**
 * `cmd.wallet.adjust`: an admin sets a user's available balance; the difference is one adjustment transfer
 * with the reason, audited. The idempotency key makes a retried command answer the first result.
 */
export async function adjustBalance(
  ctx: WalletContext,
  input: z.output<typeof WalletAdjustCommand>,
): Promise<WalletAdjustResult> {
  const key = transferKeys.adjustment(input.idempotencyKey);
  const resultOf = async (transfer: TransferRow): Promise<WalletAdjustResult> => {
    const credit = transfer.credit_account_id;
    const entry = await entryOf(
      ctx.db,
      transfer.id,
      transfer.kind === 'adjustment' && transfer.memo?.startsWith('+') ? credit : transfer.debit_account_id,
    );
    const after = entry?.balance_after as string;
    const before = transfer.memo?.startsWith('+')
      ? sub(after, transfer.amount)
      : toMoneyString(money(after).plus(transfer.amount));
    return { userId: transfer.user_id, previousBalance: before, balance: after, transferId: transfer.id };
  };
  const earlier = await findTransferByKey(ctx.db, key);
  if (earlier) return resultOf(earlier);

  return inTransaction(ctx, async (trx) => {
    const wallet = await lockWallet(trx, input.userId);
    const previous = wallet.accounts.available.balance;
    const delta = money(input.balance).minus(previous);
    if (delta.isZero())
      return { userId: input.userId, previousBalance: previous, balance: previous, transferId: null };
    const up = delta.greaterThan(0);
    const { transfers, balances } = await moveMoney(
      trx,
      input.userId,
      [
        {
          key,
          kind: 'adjustment',
          from: up ? 'adjustments' : 'available',
          to: up ? 'available' : 'adjustments',
          amount: toMoneyString(delta.abs()),
          memo: `${up ? '+' : '-'} ${input.reason}`,
          createdBy: input.adminId,
        },
      ],
      { actorId: input.adminId, traceparent: input.traceparent ?? null },
      wallet,
    );
    const transfer = (transfers[0] as { transfer: TransferRow; created: boolean }).transfer;
    await emitAudit(
      trx,
      SOURCE,
      {
        adminId: input.adminId,
        action: 'balance_adjust',
        targetId: input.userId,
        targetType: 'user',
        details: {
          from: previous,
          to: balances.available,
          amount: toMoneyString(delta),
          reason: input.reason,
          transferId: transfer.id,
        },
        ipAddress: input.ipAddress ?? null,
      },
      input.traceparent ?? null,
    );
    return {
      userId: input.userId,
      previousBalance: previous,
      balance: balances.available,
      transferId: transfer.id,
    };
  });
}

export async function balancesOf(ctx: WalletContext, userId: string): Promise<WalletBalances> {
  return { userId, ...(await readBalances(ctx.db, userId)) };
}

export const stats = (ctx: WalletContext) => walletStats(ctx.db);
