// The ledger's invariants, checked from the database alone (`npm run ledger:check` and the tests):
// the sum over all accounts is zero, each cached balance equals the sum of its entries, no user account is
// negative, and every transfer has exactly two entries that cancel out and match its amount. Funded payouts
// (docs/decisions/0091): a plan's proceeds and the reserve fund are never negative, each of their accounts only
// takes and gives the movements it exists for, and no plan paid out more than it received.
import { MoneyDecimal } from '@cropvest/contracts';
import type { Knex } from '@cropvest/service-kit/db';

export interface LedgerCheckResult {
  ok: boolean;
  problems: string[];
  accounts: number;
  transfers: number;
  entries: number;
  totalBalance: string;
}

export async function checkLedger(db: Knex): Promise<LedgerCheckResult> {
  const problems: string[] = [];
  // One snapshot for every query, so a running workload cannot make a consistent ledger look broken.
  return db.transaction(
    async (trx) => {
      const totals = await trx.first(
        trx.raw('(SELECT count(*)::int FROM accounts) AS accounts'),
        trx.raw('(SELECT count(*)::int FROM transfers) AS transfers'),
        trx.raw('(SELECT count(*)::int FROM ledger_entries) AS entries'),
        trx.raw('(SELECT coalesce(sum(balance), 0)::text FROM accounts) AS total_balance'),
        trx.raw('(SELECT coalesce(sum(amount), 0)::text FROM ledger_entries) AS total_entries'),
      );
      if (!new MoneyDecimal(totals.total_balance).isZero())
        problems.push(`the accounts sum to ${totals.total_balance}, not zero`);
      if (!new MoneyDecimal(totals.total_entries).isZero())
        problems.push(`the entries sum to ${totals.total_entries}, not zero`);

      const drifted = await trx.raw(`
        SELECT a.id, a.kind, a.user_id, a.balance::text AS balance, coalesce(e.total, 0)::text AS entries
        FROM accounts a LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) e ON e.account_id = a.id
        WHERE a.balance <> coalesce(e.total, 0) LIMIT 20`);
      for (const row of drifted.rows as {
        id: string;
        kind: string;
        user_id: string | null;
        balance: string;
        entries: string;
      }[]) {
        problems.push(
          `account ${row.id} (${row.kind}${row.user_id ? ` of ${row.user_id}` : ''}) holds ${row.balance} but its entries sum to ${row.entries}`,
        );
      }

      const negative = await trx.raw(
        `SELECT id, kind, user_id, balance::text AS balance FROM accounts WHERE user_id IS NOT NULL AND balance < 0 LIMIT 20`,
      );
      for (const row of negative.rows as { id: string; kind: string; user_id: string; balance: string }[]) {
        problems.push(`user account ${row.id} (${row.kind} of ${row.user_id}) is negative: ${row.balance}`);
      }

      const unbalanced = await trx.raw(`
        SELECT t.id, t.amount::text AS amount, count(e.id)::int AS entries, coalesce(sum(e.amount), 0)::text AS total,
               coalesce(sum(e.amount) FILTER (WHERE e.account_id = t.credit_account_id), 0)::text AS credited,
               coalesce(sum(e.amount) FILTER (WHERE e.account_id = t.debit_account_id), 0)::text AS debited
        FROM transfers t LEFT JOIN ledger_entries e ON e.transfer_id = t.id
        GROUP BY t.id
        HAVING count(e.id) <> 2 OR coalesce(sum(e.amount), 0) <> 0
            OR coalesce(sum(e.amount) FILTER (WHERE e.account_id = t.credit_account_id), 0) <> t.amount
            OR coalesce(sum(e.amount) FILTER (WHERE e.account_id = t.debit_account_id), 0) <> -t.amount
        LIMIT 20`);
      for (const row of unbalanced.rows as { id: string; amount: string; entries: number; total: string }[]) {
        problems.push(
          `transfer ${row.id} of ${row.amount} has ${row.entries} entries summing to ${row.total}`,
        );
      }

      problems.push(...(await fundingProblems(trx)));

      return {
        ok: problems.length === 0,
        problems,
        accounts: totals.accounts,
        transfers: totals.transfers,
        entries: totals.entries,
        totalBalance: totals.total_balance,
      };
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
}

/** For each funding account: the transfer kinds that may credit it (from which account kind) and debit it. */
const FUNDING_RULES = `(VALUES
  ('plan_operator', 'credit', 'disbursement', 'invested'),
  ('plan_proceeds', 'credit', 'proceeds', 'deposits_inflow'),
  ('plan_proceeds', 'credit', 'reserve_allocation', 'reserve_fund'),
  ('plan_proceeds', 'debit', 'harvest_principal', 'available'),
  ('plan_proceeds', 'debit', 'harvest_interest', 'available'),
  ('reserve_fund', 'credit', 'reserve_contribution', 'deposits_inflow'),
  ('reserve_fund', 'debit', 'reserve_allocation', 'plan_proceeds')
) AS r(account_kind, side, transfer_kind, other_kind)`;

/** Funded payouts: no money from nowhere (docs/decisions/0091). */
async function fundingProblems(trx: Knex.Transaction): Promise<string[]> {
  const problems: string[] = [];
  const negative = await trx.raw<{ rows: { kind: string; plan_id: string | null; balance: string }[] }>(
    `SELECT kind, plan_id, balance::text AS balance FROM accounts
      WHERE kind IN ('plan_proceeds', 'reserve_fund') AND balance < 0 LIMIT 20`,
  );
  for (const row of negative.rows)
    problems.push(`${row.kind}${row.plan_id ? ` of plan ${row.plan_id}` : ''} is negative: ${row.balance}`);

  // Every movement of a funding account is one it exists for, with the account kind it must come from or go to.
  const stray = await trx.raw<{ rows: { id: string; kind: string; account_kind: string }[] }>(`
    SELECT t.id, t.kind, f.kind AS account_kind
      FROM transfers t
      JOIN accounts f ON f.id IN (t.debit_account_id, t.credit_account_id)
       AND f.kind IN ('plan_operator', 'plan_proceeds', 'reserve_fund')
      JOIN accounts o ON o.id = CASE WHEN f.id = t.debit_account_id THEN t.credit_account_id ELSE t.debit_account_id END
     WHERE NOT EXISTS (
       SELECT 1 FROM ${FUNDING_RULES}
        WHERE r.account_kind = f.kind AND r.transfer_kind = t.kind AND r.other_kind = o.kind
          AND r.side = CASE WHEN f.id = t.credit_account_id THEN 'credit' ELSE 'debit' END)
     LIMIT 20`);
  for (const row of stray.rows)
    problems.push(`transfer ${row.id} (${row.kind}) is not a movement ${row.account_kind} may make`);

  // Per plan: what its proceeds paid out never exceeds what they received (proceeds and reserve allocated),
  // and each of its accounts holds exactly what its movements say.
  const overpaid = await trx.raw<{ rows: { plan_id: string; received: string; paid: string }[] }>(`
    SELECT a.plan_id,
           coalesce(sum(t.amount) FILTER (WHERE t.credit_account_id = a.id), 0)::text AS received,
           coalesce(sum(t.amount) FILTER (WHERE t.debit_account_id = a.id), 0)::text AS paid
      FROM accounts a LEFT JOIN transfers t ON a.id IN (t.debit_account_id, t.credit_account_id)
     WHERE a.kind = 'plan_proceeds'
     GROUP BY a.id, a.plan_id, a.balance
    HAVING coalesce(sum(t.amount) FILTER (WHERE t.debit_account_id = a.id), 0)
             > coalesce(sum(t.amount) FILTER (WHERE t.credit_account_id = a.id), 0)
        OR a.balance <> coalesce(sum(t.amount) FILTER (WHERE t.credit_account_id = a.id), 0)
                       - coalesce(sum(t.amount) FILTER (WHERE t.debit_account_id = a.id), 0)
     LIMIT 20`);
  for (const row of overpaid.rows)
    problems.push(`plan ${row.plan_id} paid out ${row.paid} from proceeds of ${row.received}`);
  return problems;
}
