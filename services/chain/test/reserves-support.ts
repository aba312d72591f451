// What the reserves suites share (decision 0082): an admin's reconciliation and proof build through the gateway,
// the ledger's own figures read with SQL over the wallet's and plans' schemas (the truth the chain's answers are
// held to), the audit entries of an action, and the chain service's gauges.
import type { ProofOfReservesReport, Reconciliation } from '@cropvest/contracts';
import { reserveOperations } from '@cropvest/contracts/chain/reserves-api';
import { adminSession, eventually, stack, stackClient } from '../../../test/support/api.ts';
import { serviceDb } from '../../../test/support/connections.ts';

export async function reconcileNow(): Promise<Reconciliation> {
  return stackClient().ok(reserveOperations.reconcileReserves, { token: (await adminSession()).accessToken });
}

export const publicReport = (): Promise<ProofOfReservesReport> =>
  stackClient().ok(reserveOperations.proofOfReserves);

/** Asks for a build as the admin (202), then waits until the published report says a newer build is out. */
export async function buildProofNow(): Promise<ProofOfReservesReport> {
  const before = (await publicReport()).builtAt;
  const started = await stackClient().call(reserveOperations.buildProofOfReserves, {
    token: (await adminSession()).accessToken,
  });
  if (started.status !== 202)
    throw new Error(`proof build refused: ${started.status} ${JSON.stringify(started.body)}`);
  return eventually(
    async () => {
      const report = await publicReport();
      return report.builtAt !== before && report.builtAt !== null ? report : undefined;
    },
    60_000,
    'the new proof to be published',
  );
}

/** What the ledger owes, by kind, summed by PostgreSQL over the wallet's accounts and the plans' accrual rows. */
export async function ledgerLiabilities(): Promise<{
  available: string;
  held: string;
  invested: string;
  accruedInterest: string;
  total: string;
}> {
  const { rows } = await serviceDb('wallet').raw(`
    WITH wallet AS (
      SELECT coalesce(sum(balance) FILTER (WHERE kind = 'available'), 0) AS available,
             coalesce(sum(balance) FILTER (WHERE kind = 'hold'), 0) AS held,
             coalesce(sum(balance) FILTER (WHERE kind = 'invested'), 0) AS invested
        FROM wallet.accounts WHERE user_id IS NOT NULL),
    plans AS (
      SELECT coalesce(sum(a.amount), 0) AS accrued
        FROM plans.accruals a JOIN plans.investments i ON i.id = a.investment_id WHERE i.status = 'active')
    SELECT available::numeric(28,8)::text AS available, held::numeric(28,8)::text AS held,
           invested::numeric(28,8)::text AS invested, accrued::numeric(28,8)::text AS "accruedInterest",
           (available + held + invested + accrued)::numeric(28,8)::text AS total
      FROM wallet, plans`);
  return rows[0];
}

/** Each user owed more than zero and how much, from the same SQL: the leaves a proof must have. */
export async function ledgerOwedByUser(): Promise<Map<string, string>> {
  const { rows } = await serviceDb('wallet').raw(`
    SELECT user_id, sum(amount)::numeric(28,8)::text AS amount FROM (
      SELECT user_id, balance AS amount FROM wallet.accounts WHERE user_id IS NOT NULL
      UNION ALL
      SELECT i.user_id, a.amount FROM plans.accruals a JOIN plans.investments i ON i.id = a.investment_id
       WHERE i.status = 'active') owed
    GROUP BY user_id HAVING sum(amount) > 0`);
  return new Map((rows as { user_id: string; amount: string }[]).map((row) => [row.user_id, row.amount]));
}

/** How many `action` entries the audit log holds about `targetId` (or at all). */
export async function auditCount(action: string, targetId?: string): Promise<number> {
  const rows = await serviceDb('identity')('audit_logs')
    .where({ action, ...(targetId ? { target_id: targetId } : {}) })
    .count<{ count: string }[]>({ count: '*' });
  return Number(rows[0]?.count ?? 0);
}

/** Waits until the audit log holds an `action` entry about `targetId` (audits travel through the outbox). */
export const audited = (action: string, targetId: string) =>
  eventually(
    async () => (await auditCount(action, targetId)) > 0,
    15_000,
    `${action} of ${targetId} to be audited`,
  );

/** One of the chain service's gauges, as Prometheus scrapes it. */
export async function chainGauge(name: string): Promise<number> {
  const text = await (await fetch(stack().metrics.chain as string)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));
  if (!line) throw new Error(`${name} is not among the chain service's metrics`);
  return Number(line.slice(line.lastIndexOf(' ') + 1));
}
