// What other services ask of the wallet: the plans service's debit for an investment and its harvest payouts,
// the balances identity reads, the figures of the platform's stats (identity's admin balance edit is in
// adjustments.ts).
import {
  money,
  sameAmount,
  type EventData,
  type EventEnvelope,
  type WalletBalances,
  type WalletDebitCommand,
  type WalletDebitResult,
  type z,
} from '@cropvest/contracts';
import { ConflictError, type Knex } from '@cropvest/service-kit';
import { transferKeys } from '../domain/reviews.ts';
import { entryOf, findTransferByKey, readBalances, type TransferRow } from '../db/ledger.ts';
import { walletStats } from '../db/transfer-requests.ts';
import { moveMoney, moveMoneyInBulk, type Movement } from './movements.ts';
import { inTransaction, type WalletContext } from './context.ts';

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

export async function balancesOf(ctx: WalletContext, userId: string): Promise<WalletBalances> {
  return { userId, ...(await readBalances(ctx.db, userId)) };
}

export const stats = (ctx: WalletContext) => walletStats(ctx.db);
