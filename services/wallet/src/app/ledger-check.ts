// The ledger's invariants, checked from the database alone (`npm run ledger:check` and the tests):
// the sum over all accounts is zero, each cached balance equals the sum of its entries, no user account is
// negative, and every transfer has exactly two entries that cancel out and match its amount.
import { MoneyDecimal } from '@cropvest/contracts';
import type { Knex } from '@cropvest/service-kit';

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
