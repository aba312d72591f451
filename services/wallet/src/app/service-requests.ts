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
import { type ServiceEvents } from '@cropvest/service-kit/bus';
import { type Knex } from '@cropvest/service-kit/db';
import { ConflictError } from '@cropvest/service-kit/errors';
import { transferKeys } from '../domain/reviews.ts';
import { entryOf, readBalances, type TransferRow } from '../db/ledger.ts';
import { walletStats } from '../db/transfer-requests.ts';
import { recordRealisedLosses } from '../db/realised-losses.ts';
import { moveMoney, moveMoneyInBulk, type Movement, type MovementResult } from './movements.ts';
import { inTransaction, type WalletContext } from './context.ts';

const debitResult = (transfer: TransferRow, investmentId: string, balance: string): WalletDebitResult => ({
  transferId: transfer.id,
  investmentId,
  userId: transfer.user_id,
  amount: transfer.amount,
  balance,
  createdAt: transfer.created_at.toISOString(),
});

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
 * moves nothing; too little available money answers 400 'Insufficient balance' and moves nothing. A first
 * debit is one short transaction, its balance the one the movement left (decision 0115); only a repeat, rare
 * (the sweeper's), reads the first debit's entry afterwards.
 */
export async function debitForInvestment(
  ctx: WalletContext,
  input: z.output<typeof WalletDebitCommand>,
): Promise<WalletDebitResult> {
  const posted = await inTransaction(ctx, async (trx) => {
    const { transfers, balances } = await moveMoney(ctx.events, trx, input.userId, [
      {
        key: transferKeys.investmentDebit(input.investmentId),
        kind: 'investment',
        from: 'available',
        to: 'invested',
        amount: input.amount,
        referenceId: input.investmentId,
        memo: input.memo,
      },
    ]);
    return { ...(transfers[0] as MovementResult['transfers'][number]), available: balances.available };
  });
  const { transfer } = posted;
  sameDebit(transfer, input);
  if (posted.created) return debitResult(transfer, input.investmentId, posted.available);
  const entry = await entryOf(ctx.db, transfer.id, transfer.debit_account_id);
  return debitResult(transfer, input.investmentId, entry?.balance_after as string);
}

/** The movements of a legacy plan's payout: principal invested -> available, interest interest_paid -> available. */
function legacyPayout(data: EventData<'investment.harvested'>): Movement[] {
  const { investmentId, principal, interest, planTitle } = data;
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
  return movements;
}

/**
 * The movements of a funded plan's payout (docs/decisions/0091): principal never disbursed comes back from
 * invested, disbursed principal and interest come from the plan's proceeds, which cannot go below zero.
 */
function fundedPayout(
  data: EventData<'investment.harvested'>,
  funded: NonNullable<EventData<'investment.harvested'>['funded']>,
): Movement[] {
  const { investmentId, planId, planTitle } = data;
  const proceeds = { planId, kind: 'plan_proceeds' } as const;
  const parts: [string, Movement['kind'], string, Movement['from']][] = [
    [
      transferKeys.harvestPrincipal(investmentId),
      'harvest_principal',
      funded.principalFromInvested,
      'invested',
    ],
    [
      transferKeys.harvestPrincipalFromProceeds(investmentId),
      'harvest_principal',
      funded.principalFromProceeds,
      proceeds,
    ],
    [transferKeys.harvestInterest(investmentId), 'harvest_interest', funded.interestFromProceeds, proceeds],
  ];
  return parts
    .filter(([, , amount]) => money(amount).greaterThan(0))
    .map(([key, kind, amount, from]) => ({
      key,
      kind,
      from,
      to: 'available',
      amount,
      referenceId: investmentId,
      memo: planTitle,
    }));
}

/**
 * `investment.harvested`: the payout, once per investment (one idempotency key per movement); a legacy plan's
 * as before, a funded plan's from what it holds. The plan's title, when the event has it, stays with the
 * transfers for the transaction history. A harvest day brings thousands at once: the consumer hands them over
 * in batches and they are posted in bulk (`moveMoneyInBulk`): money only leaves `invested` and the plans'
 * accounts and only arrives in `available`, so each account moves one way, as the bulk posting needs. A plan
 * settled short also leaves each investment's shortfall, its realised loss, beside the payout (decision 0096).
 */
export async function payHarvests(
  emitter: ServiceEvents,
  trx: Knex.Transaction,
  events: EventEnvelope<EventData<'investment.harvested'>>[],
): Promise<void> {
  await moveMoneyInBulk(
    emitter,
    trx,
    events.map(({ data, traceparent }) => ({
      userId: data.userId,
      movements: data.funded ? fundedPayout(data, data.funded) : legacyPayout(data),
      traceparent,
    })),
  );
  await recordRealisedLosses(
    trx,
    events.flatMap(({ data }) =>
      data.funded && money(data.funded.shortfall).greaterThan(0)
        ? [
            {
              investmentId: data.investmentId,
              userId: data.userId,
              planId: data.planId,
              planTitle: data.planTitle ?? null,
              amount: data.funded.shortfall,
            },
          ]
        : [],
    ),
  );
}

export async function balancesOf(ctx: WalletContext, userId: string): Promise<WalletBalances> {
  return { userId, ...(await readBalances(ctx.db, userId)) };
}

export const stats = (ctx: WalletContext) => walletStats(ctx.db);
