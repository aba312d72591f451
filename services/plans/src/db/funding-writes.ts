// The writes of a plan's money records, each inside a use case's transaction (app/funding.ts, app/settlement.ts,
// the chain's verdicts in events/): locking a plan's funding columns and its disbursable investments, adding
// disbursed shares, recording a verdict. Kept apart from funding.ts, whose lists and figures http/ may read.
import type { EventData } from '@cropvest/contracts';
import { MoneyDecimal } from '@cropvest/contracts';
import type { Knex } from '@cropvest/service-kit/db';
import type { FundingPlanRow } from './funding.ts';

export const lockFundingPlan = (trx: Knex.Transaction, id: string): Promise<FundingPlanRow | undefined> =>
  trx('plans')
    .where({ id })
    .whereNull('deleted_at')
    .forUpdate()
    .first<FundingPlanRow | undefined>(
      'id',
      'title',
      'funding_model',
      'payout_status',
      trx.raw(`to_char(payout_postponed_to, 'YYYY-MM-DD') AS payout_postponed_to`),
      'failure_report',
      'proceeds_received',
      'reserve_allocated',
      'paid_from_proceeds',
      'end_date',
    );

/** What the plan holds for its payouts by its own records: proceeds + reserve allocated − already paid. */
export const availableOf = (plan: FundingPlanRow): MoneyDecimal =>
  new MoneyDecimal(plan.proceeds_received).plus(plan.reserve_allocated).minus(plan.paid_from_proceeds);

export interface DisbursableRow {
  id: string;
  user_id: string;
  undisbursed: string;
}

/**
 * The plan's active investments whose four days to reconsider are over (`cancellable_until`, decision 0094),
 * oldest first, locked: principal a cancellation may still return is never disbursed (decision 0091).
 */
export const lockDisbursable = (trx: Knex.Transaction, planId: string): Promise<DisbursableRow[]> =>
  trx('investments')
    .where({ plan_id: planId, status: 'active' })
    .where('cancellable_until', '<=', trx.fn.now())
    .whereRaw('principal > disbursed_principal')
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .forUpdate()
    .select<DisbursableRow[]>(
      'id',
      'user_id',
      trx.raw('(principal - disbursed_principal)::text AS undisbursed'),
    );

/** Adds each investment's share to its disbursed principal, in one statement. */
export async function addDisbursed(
  trx: Knex.Transaction,
  disbursementId: string,
  shares: { investmentId: string; amount: string }[],
): Promise<void> {
  const ids = shares.map((share) => share.investmentId);
  const amounts = shares.map((share) => share.amount);
  await trx.raw(
    `INSERT INTO investment_disbursements (disbursement_id, investment_id, amount)
     SELECT ?, v.id, v.amount FROM unnest(?::uuid[], ?::numeric[]) AS v(id, amount)`,
    [disbursementId, ids, amounts],
  );
  await trx.raw(
    `UPDATE investments i SET disbursed_principal = i.disbursed_principal + v.amount
       FROM unnest(?::uuid[], ?::numeric[]) AS v(id, amount) WHERE i.id = v.id`,
    [ids, amounts],
  );
}

/**
 * Writes the chain's verdict on a record's transaction, unless a newer one (a higher `seq`) is already there or the
 * record names another transaction now.
 */
export async function recordChainVerdict(
  trx: Knex.Transaction,
  table: string,
  verdict: EventData<'chain.funding_transfer.verified'>,
): Promise<void> {
  await trx(table)
    .where({ id: verdict.recordId, txid: verdict.txid })
    .where('chain_seq', '<', verdict.seq)
    .update({
      chain_status: verdict.status,
      chain_reason: verdict.reason,
      chain_message: verdict.message,
      chain_confirmations: verdict.confirmations,
      chain_required_confirmations: verdict.requiredConfirmations,
      chain_checked_at: trx.fn.now(),
      chain_seq: verdict.seq,
    });
}
