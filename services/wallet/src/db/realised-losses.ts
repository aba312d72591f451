// Realised losses (docs/decisions/0096-realised-losses-in-history-and-statement.md): what a plan settled short
// did not pay of an investment, kept once per investment from its harvest event. No money moves with a loss, so
// it is no transfer; the transaction history and the account statement read it from here.
import { keysetPages, type Knex } from '@cropvest/service-kit/db';
import type { StatementLoss } from '../domain/statement.ts';

export interface RealisedLoss {
  investmentId: string;
  userId: string;
  planId: string;
  planTitle: string | null;
  amount: string;
}

/**
 * Records the losses of a batch of harvest payouts, once per investment (a redelivered event records nothing
 * more). Runs after the payouts were posted, in their transaction and under their wallet locks, so each loss
 * stands right after its payout in the investor's available-balance ledger (`after_entry_id`, 0 before any).
 */
export async function recordRealisedLosses(trx: Knex.Transaction, losses: RealisedLoss[]): Promise<void> {
  if (losses.length === 0) return;
  await trx.raw(
    `INSERT INTO realised_losses (investment_id, user_id, plan_id, plan_title, amount, after_entry_id)
     SELECT v.investment_id, v.user_id, v.plan_id, v.plan_title, v.amount,
            COALESCE((SELECT max(e.id) FROM ledger_entries e
                       WHERE e.account_id = (SELECT a.id FROM accounts a
                                              WHERE a.user_id = v.user_id AND a.kind = 'available')), 0)
       FROM jsonb_to_recordset(?::jsonb)
         AS v(investment_id uuid, user_id uuid, plan_id uuid, plan_title text, amount numeric)
     ON CONFLICT (investment_id) DO NOTHING`,
    [
      JSON.stringify(
        losses.map((loss) => ({
          investment_id: loss.investmentId,
          user_id: loss.userId,
          plan_id: loss.planId,
          plan_title: loss.planTitle,
          amount: loss.amount,
        })),
      ),
    ],
  );
}

interface LossRow {
  investment_id: string;
  amount: string;
  after_entry_id: number;
  created_at: Date;
}

/**
 * The user's losses recorded in the period, in ledger order (after the entry each follows), read in keyset
 * pages like the statement's lines. A loss belongs to the period it was recorded in, as a movement does.
 */
export async function* statementLosses(
  trx: Knex.Transaction,
  userId: string,
  period: { start: Date; end: Date },
  batchSize: number,
): AsyncGenerator<StatementLoss> {
  const pages = keysetPages(
    async (after: LossRow | undefined) => {
      const rows = trx('realised_losses')
        .where('user_id', userId)
        .andWhere('created_at', '>=', period.start)
        .andWhere('created_at', '<', period.end)
        .orderBy([{ column: 'after_entry_id' }, { column: 'investment_id' }])
        .limit(batchSize)
        .select('investment_id', 'amount', 'after_entry_id', 'created_at');
      if (after)
        void rows.andWhereRaw('(after_entry_id, investment_id) > (?, ?)', [
          after.after_entry_id,
          after.investment_id,
        ]);
      return (await rows) as LossRow[];
    },
    (row) => row,
    batchSize,
  );
  for await (const rows of pages)
    for (const row of rows)
      yield {
        investmentId: row.investment_id,
        amount: row.amount,
        afterEntryId: row.after_entry_id,
        createdAt: row.created_at,
      };
}
