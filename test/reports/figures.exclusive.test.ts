// The admin reports' figures against data this test creates (issue 13 sections 4 and 7). An exclusive suite:
// it runs alone on its stack, so the difference between two reports is exactly what the test did in between,
// and the reports can be compared with the ledger and the plans' rows at rest.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorBody, MoneyDecimal, type HarvestCalendar, type TransactionReport } from '@cropvest/contracts';
import type { OperationQuery } from '@cropvest/contracts/operation-call';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { reportOperations } from '@cropvest/contracts/reports/api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { adminSession, approveAsAdmin, registerInvestor, stackClient, type Session } from '../support/api.ts';
import { unknownTxid } from '../support/chain.ts';
import { closeConnections, serviceDb } from '../support/connections.ts';
import { submitKyc, verifiedInvestor } from '../support/kyc.ts';
import { createPlan, heldSlot, isoDay, runAccrueCommand } from '../../services/plans/test/support.ts';
import { recordProceeds } from '../support/funding.ts';
import { TRON_ADDRESS } from '../../services/wallet/test/support.ts';
import { acknowledgement } from '../support/key-information.ts';

const {
  transactionsReport,
  investmentsReport,
  usersReport,
  kycReport,
  harvestCalendar: harvestCalendarReport,
} = reportOperations;
const REPORTS = [transactionsReport, investmentsReport, usersReport, kycReport, harvestCalendarReport];
const today = isoDay(0);
const dayStart = `${today}T00:00:00Z`;
const dayEnd = `${isoDay(1)}T00:00:00Z`;

const dec = (value: string) => new MoneyDecimal(value);
const diff = (after: string, before: string) => dec(after).minus(before).toFixed(8);

const client = stackClient();
let admin: Session;
beforeAll(async () => {
  admin = await adminSession();
});
afterAll(closeConnections);

/** A range of days cut into buckets, as every report but the harvest calendar takes it. */
type Range = OperationQuery<typeof transactionsReport>;
const transactionsOf = (query: Range) => client.ok(transactionsReport, { token: admin.accessToken, query });
const investmentsOf = (query: Range) => client.ok(investmentsReport, { token: admin.accessToken, query });
const usersOf = (query: Range) => client.ok(usersReport, { token: admin.accessToken, query });
const kycOf = (query: Range) => client.ok(kycReport, { token: admin.accessToken, query });
const harvestOf = (query: OperationQuery<typeof harvestCalendarReport>) =>
  client.ok(harvestCalendarReport, { token: admin.accessToken, query });

const todays: Range = { from: today, to: today, bucket: 'day' };
const calendar = () => harvestOf({ from: today, to: isoDay(60) });
const requestRow = (report: TransactionReport, type: string, status: string) =>
  report.requests.find((r) => r.type === type && r.status === status) ?? { count: 0, volume: '0' };

/** percentile_cont: linear interpolation between the two nearest ranks. */
function percentile(sorted: number[], fraction: number): number {
  const position = (sorted.length - 1) * fraction;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * (position - lower);
}

describe('admin report figures', () => {
  it('move by exactly the money, investments, sign-ups and KYC reviews the test makes, and agree with the ledger and the plans', async () => {
    const [transactions0, investments0, users0, kyc0, calendar0] = await Promise.all([
      transactionsOf(todays),
      investmentsOf(todays),
      usersOf(todays),
      kycOf(todays),
      calendar(),
    ]);

    // Money: 500 and 1000 credited, 70 pending, 30 rejected; 120 paid out, 40 returned.
    const saver = await verifiedInvestor('500', 'wallet');
    const deposit = (amount: string) =>
      client.call(walletOperations.createDeposit, { token: saver.accessToken, body: { amount } });
    const pending = await deposit('70');
    const refused = await deposit('30');
    expect([pending.status, refused.status]).toEqual([201, 201]);
    if (!refused.ok) throw new Error(`the deposit was refused: ${refused.body.message}`);
    const rejectDeposit = await client.call(walletOperations.reviewDeposit, {
      token: admin.accessToken,
      path: { id: refused.body.id },
      body: { status: 'rejected', rejectionReason: 'No such transfer' },
    });
    expect(rejectDeposit.status).toBe(200);
    const withdraw = (amount: string) =>
      client.call(walletOperations.requestWithdrawal, {
        token: saver.accessToken,
        body: { amount, walletAddress: TRON_ADDRESS },
      });
    const paid = await withdraw('120');
    const returned = await withdraw('40');
    expect([paid.status, returned.status]).toEqual([201, 201]);
    if (!paid.ok || !returned.ok) throw new Error('a withdrawal was refused');
    expect(
      (
        await client.call(walletOperations.reviewWithdrawal, {
          token: admin.accessToken,
          path: { id: paid.body.id },
          body: { status: 'approved', txid: unknownTxid() },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await client.call(walletOperations.reviewWithdrawal, {
          token: admin.accessToken,
          path: { id: returned.body.id },
          body: { status: 'rejected' },
        })
      ).status,
    ).toBe(200);

    // Plans: two slots of 100 in a plan that ends in 29 days at 0.05 % a day (0.1 a day for the two).
    const plan = await createPlan({
      minSlotPrice: '100',
      dailyInterestRate: '0.05',
      startDate: isoDay(-1),
      endDate: isoDay(29),
    });
    const investor = await verifiedInvestor('1000', 'plans');
    const bought = await client.call(plansOperations.invest, {
      token: investor.accessToken,
      body: { planId: plan.id, ...(await acknowledgement(plan.id)), slotsPurchased: 2 },
    });
    expect(bought.status).toBe(201);
    if (!bought.ok) throw new Error(`the purchase was refused: ${bought.body.message}`);

    // KYC: one submission approved.
    const applicant = await registerInvestor();
    const submission = await submitKyc(applicant);
    await approveAsAdmin({ kyc: submission.id });

    const [transactions, investments, users, kyc, harvest] = await Promise.all([
      transactionsOf(todays),
      investmentsOf(todays),
      usersOf(todays),
      kycOf(todays),
      calendar(),
    ]);

    // Wallet: 1500 in (two funded deposits), 120 out.
    expect(diff(transactions.totals.deposits, transactions0.totals.deposits)).toBe('1500.00000000');
    expect(diff(transactions.totals.withdrawals, transactions0.totals.withdrawals)).toBe('120.00000000');
    expect(diff(transactions.totals.netFlow, transactions0.totals.netFlow)).toBe('1380.00000000');
    expect(transactions.flows).toHaveLength(1);
    expect(transactions.flows[0]!.depositCount - transactions0.flows[0]!.depositCount).toBe(2);
    expect(transactions.flows[0]!.withdrawalCount - transactions0.flows[0]!.withdrawalCount).toBe(1);
    for (const [type, status, count, volume] of [
      ['deposit', 'approved', 2, '1500.00000000'],
      ['deposit', 'pending', 1, '70.00000000'],
      ['deposit', 'rejected', 1, '30.00000000'],
      ['withdrawal', 'approved', 1, '120.00000000'],
      ['withdrawal', 'rejected', 1, '40.00000000'],
    ] as const) {
      const now = requestRow(transactions, type, status);
      const then = requestRow(transactions0, type, status);
      expect([type, status, now.count - then.count, diff(now.volume, then.volume)]).toEqual([
        type,
        status,
        count,
        volume,
      ]);
    }

    // ...and the ledger says the same: the platform's inflow and outflow accounts' entries of the day for deposits
    // and withdrawals (the inflow also receives plans' proceeds and reserve contributions, decision 0091).
    const wallet = serviceDb('wallet');
    const ledger = await wallet.raw(
      `SELECT a.kind, coalesce(sum(e.amount), 0)::numeric(38,8)::text AS total
         FROM ledger_entries e JOIN accounts a ON a.id = e.account_id JOIN transfers t ON t.id = e.transfer_id
        WHERE a.kind IN ('deposits_inflow', 'withdrawals_outflow') AND t.kind IN ('deposit', 'withdrawal_settle')
          AND e.created_at >= ? AND e.created_at < ? GROUP BY a.kind`,
      [dayStart, dayEnd],
    );
    const entries = (kind: string): string =>
      ledger.rows.find((r: { kind: string; total: string }) => r.kind === kind)?.total ?? '0';
    expect(dec(entries('deposits_inflow')).negated().toFixed(8)).toBe(transactions.totals.deposits);
    expect(dec(entries('withdrawals_outflow')).toFixed(8)).toBe(transactions.totals.withdrawals);

    // Review waits: median and 95th percentile of the day's reviews, as percentile_cont computes them.
    for (const type of ['deposit', 'withdrawal'] as const) {
      const waits = (
        await wallet.raw(
          `SELECT extract(epoch FROM reviewed_at - created_at)::float8 AS wait FROM ${type}s WHERE reviewed_at >= ? AND reviewed_at < ? ORDER BY 1`,
          [dayStart, dayEnd],
        )
      ).rows.map((r: { wait: number }) => Number(r.wait));
      const wait = transactions.reviewWait.find((w) => w.type === type);
      expect(wait?.reviewed).toBe(waits.length);
      expect(wait?.medianSeconds).toBeCloseTo(percentile(waits, 0.5), 6);
      expect(wait?.p95Seconds).toBeCloseTo(percentile(waits, 0.95), 6);
    }

    // Plans: 200 invested and now active; the plan's own row; the plans' rows agree.
    expect(diff(investments.totals.invested, investments0.totals.invested)).toBe('200.00000000');
    expect(investments.totals.investments - investments0.totals.investments).toBe(1);
    expect(diff(investments.series[0]!.activePrincipal, investments0.series[0]!.activePrincipal)).toBe(
      '200.00000000',
    );
    expect(investments.byPlan.find((p) => p.planId === plan.id)).toEqual({
      planId: plan.id,
      title: plan.title,
      invested: '200.00000000',
      interestPaid: '0.00000000',
      activePrincipal: '200.00000000',
      interestAccruedToDate: '0.00000000',
    });
    const plansDb = serviceDb('plans');
    // A cancelled investment's principal went back to its investor: the reports count it as never invested (decision 0094).
    const [stored] = (
      await plansDb.raw(
        `SELECT coalesce(sum(principal), 0)::numeric(38,8)::text AS invested,
                (SELECT coalesce(sum(principal), 0)::numeric(38,8)::text FROM investments WHERE status = 'active') AS active,
                (SELECT count(DISTINCT user_id)::int FROM investments WHERE status = 'active') AS investors
           FROM investments WHERE activated_at >= ? AND activated_at < ? AND status <> 'cancelled'`,
        [dayStart, dayEnd],
      )
    ).rows;
    expect(investments.totals.invested).toBe(stored.invested);
    expect(investments.series[0]?.activePrincipal).toBe(stored.active);
    expect(investments.activeInvestors).toBe(stored.investors);
    // A range that ended yesterday ends with the principal active at midnight, whatever happened since.
    const [atMidnight] = (
      await plansDb.raw(
        `SELECT coalesce(sum(principal), 0)::numeric(38,8)::text AS active FROM investments
          WHERE activated_at < ? AND (completed_at IS NULL OR completed_at >= ?) AND status <> 'cancelled'`,
        [dayStart, dayStart],
      )
    ).rows;
    const past = await investmentsOf({ from: isoDay(-3), to: isoDay(-1) });
    expect(past.series.at(-1)?.activePrincipal).toBe(atMidnight.active);

    // Harvest calendar: on the plan's end day, 200 principal and a projected 29 days × 0.1 of interest.
    const endDay = isoDay(29);
    const dayOf = (report: HarvestCalendar) =>
      report.days.find((d) => d.harvestDay === endDay) ?? {
        principal: '0',
        interestProjected: '0',
        totalDue: '0',
        investments: 0,
      };
    expect(diff(dayOf(harvest).principal, dayOf(calendar0).principal)).toBe('200.00000000');
    // 29 days still to accrue at 0.05 % of 200: 0.1 a day simple, or compounding if purchases compound.
    const [terms] = (
      await serviceDb('plans').raw('SELECT compound FROM investments WHERE id = ?', [bought.body.id])
    ).rows;
    const projected = terms.compound ? dec('200').times(dec('1.0005').pow(29).minus(1)) : dec('2.9');
    expect(
      dec(diff(dayOf(harvest).interestProjected, dayOf(calendar0).interestProjected))
        .minus(projected)
        .abs()
        .lessThan('0.000001'),
    ).toBe(true);
    expect(diff(dayOf(harvest).totalDue, dayOf(calendar0).totalDue)).toBe(
      dec('200')
        .plus(diff(dayOf(harvest).interestProjected, dayOf(calendar0).interestProjected))
        .toFixed(8),
    );
    expect(harvest.totals.totalDue).toBe(
      harvest.days.reduce((sum, d) => sum.plus(d.totalDue), new MoneyDecimal(0)).toFixed(8),
    );

    // Identity: three investors signed up today; KYC: one submission, approved.
    expect(users.totals.signUps - users0.totals.signUps).toBe(3);
    expect(users.investors - users0.investors).toBe(3);
    expect(users.verification.reduce((n, v) => n + v.count, 0)).toBe(users.investors);
    expect(kyc.funnel.submitted - kyc0.funnel.submitted).toBe(1);
    expect(kyc.funnel.approved - kyc0.funnel.approved).toBe(1);
    expect(kyc.series[0]!.approved - kyc0.series[0]!.approved).toBe(1);
  });

  it('count the interest accrued so far as the accruals do, in the harvest calendar and by plan', async () => {
    // One slot of 1000 at 0.10 % a day, bought five days ago in a plan that ends in 25 days; then the accrual.
    const { planId, investmentId } = await heldSlot(5);
    const accrued = await runAccrueCommand();
    expect(accrued.code).toBe(0);
    const plansDb = serviceDb('plans');
    const own = (
      await plansDb.raw(
        `SELECT coalesce(sum(amount), 0)::numeric(38,8)::text AS total FROM accruals WHERE investment_id = ?`,
        [investmentId],
      )
    ).rows[0].total as string;
    expect(dec(own).greaterThan(0)).toBe(true);

    const endDay = isoDay(25);
    const harvest = await harvestOf({ from: endDay, to: endDay });
    const truth = (
      await plansDb.raw(
        `SELECT coalesce(sum(a.amount), 0)::numeric(38,8)::text AS accrued
           FROM investments i JOIN plans p ON p.id = i.plan_id LEFT JOIN accruals a ON a.investment_id = i.id
          WHERE i.status = 'active' AND (p.end_date AT TIME ZONE 'UTC')::date = ?::date`,
        [endDay],
      )
    ).rows[0];
    expect(harvest.days).toHaveLength(1);
    const day = harvest.days[0]!;
    expect(day.interestAccrued).toBe(truth.accrued);
    expect(dec(day.principal).plus(day.interestAccrued).plus(day.interestProjected).toFixed(8)).toBe(
      day.totalDue,
    );

    const byPlan = await investmentsOf({ from: isoDay(-6), to: today });
    expect(byPlan.byPlan.find((p) => p.planId === planId)?.interestAccruedToDate).toBe(own);
    // The day by day series holds the same accruals on their days.
    const seriesTotal = byPlan.series.reduce((sum, row) => sum.plus(row.interestAccrued), dec('0'));
    const accrualsInRange = (
      await plansDb.raw(
        `SELECT coalesce(sum(amount), 0)::numeric(38,8)::text AS total FROM accruals WHERE day >= ?::date AND day <= ?::date`,
        [isoDay(-6), today],
      )
    ).rows[0].total as string;
    expect(seriesTotal.toFixed(8)).toBe(accrualsInRange);
  });

  it('read rollups equal to the raw rows after purchases, a catch-up accrual and a harvest', async () => {
    // A plan over since yesterday whose 30 days are accrued in one catch-up run, which then harvests it; and one
    // still running (bought three days ago) that the same run catches up.
    const over = await heldSlot(31);
    const running = await heldSlot(3);
    // A funded plan is harvested once its proceeds cover it (decision 0091): more than 30 days' interest.
    await recordProceeds(over.planId, '100');
    const run = await runAccrueCommand();
    expect(run.code).toBe(0);
    const plansDb = serviceDb('plans');
    const status = async (id: string) =>
      (await plansDb.raw('SELECT status FROM investments WHERE id = ?', [id])).rows[0].status as string;
    expect(await status(over.investmentId)).toBe('completed');
    expect(await status(running.investmentId)).toBe('active');

    // Every rollup row against the same sums over the raw rows, both directions (EXCEPT both ways is empty). A
    // cancelled investment is not money invested: its principal went back (decision 0094).
    const rawDaily = `
      SELECT day, plan_id, sum(invested)::numeric(38,8) AS invested, sum(investments)::bigint AS investments,
             sum(principal_harvested)::numeric(38,8) AS principal_harvested, sum(interest_paid)::numeric(38,8) AS interest_paid,
             sum(investments_harvested)::bigint AS investments_harvested, sum(interest_accrued)::numeric(38,8) AS interest_accrued
        FROM (SELECT (activated_at AT TIME ZONE 'UTC')::date AS day, plan_id, principal AS invested, 1 AS investments,
                     0 AS principal_harvested, 0 AS interest_paid, 0 AS investments_harvested, 0 AS interest_accrued
                FROM investments WHERE activated_at IS NOT NULL AND status <> 'cancelled'
              UNION ALL
              SELECT (completed_at AT TIME ZONE 'UTC')::date, plan_id, 0, 0, principal, interest_earned, 1, 0
                FROM investments WHERE completed_at IS NOT NULL
              UNION ALL
              SELECT a.day, i.plan_id, 0, 0, 0, 0, 0, a.amount FROM accruals a JOIN investments i ON i.id = a.investment_id) r
       GROUP BY day, plan_id`;
    const rolledDaily = `
      SELECT day, plan_id, invested::numeric(38,8), investments, principal_harvested::numeric(38,8),
             interest_paid::numeric(38,8), investments_harvested, interest_accrued::numeric(38,8)
        FROM report_daily
       WHERE invested <> 0 OR investments <> 0 OR principal_harvested <> 0 OR interest_paid <> 0
          OR investments_harvested <> 0 OR interest_accrued <> 0`;
    const rawTerms = `
      SELECT i.plan_id, i.compound, i.daily_rate, (i.created_at AT TIME ZONE 'UTC')::date AS created_day,
             count(*)::bigint AS investments, sum(i.principal)::numeric(38,8) AS principal,
             sum(i.daily_interest)::numeric(38,8) AS daily_interest,
             sum(coalesce(c.accrued_interest, 0))::numeric(38,8) AS accrued_interest
        FROM investments i LEFT JOIN compounding_interest c ON c.investment_id = i.id
       WHERE i.status = 'active' GROUP BY 1, 2, 3, 4`;
    const rolledTerms = `
      SELECT plan_id, compound, daily_rate, created_day, investments, principal::numeric(38,8),
             daily_interest::numeric(38,8), accrued_interest::numeric(38,8)
        FROM report_active_terms WHERE investments <> 0 OR principal <> 0 OR daily_interest <> 0 OR accrued_interest <> 0`;
    for (const [raw, rolled] of [
      [rawDaily, rolledDaily],
      [rawTerms, rolledTerms],
    ] as const) {
      const differing = await plansDb.raw(`(${raw} EXCEPT ${rolled}) UNION ALL (${rolled} EXCEPT ${raw})`);
      expect(differing.rows).toEqual([]);
      expect((await plansDb.raw(`SELECT count(*)::int AS n FROM (${raw}) r`)).rows[0].n).toBeGreaterThan(0);
    }
    // The harvested plan's row holds its principal and the 30 days' interest paid on the harvest's day.
    const paid = (
      await plansDb.raw(
        `SELECT coalesce(sum(principal_harvested), 0)::numeric(38,8)::text AS principal,
                coalesce(sum(interest_paid), 0)::numeric(38,8)::text AS interest
           FROM report_daily WHERE plan_id = ?`,
        [over.planId],
      )
    ).rows[0];
    expect(paid.principal).toBe('1000.00000000');
    expect(dec(paid.interest).greaterThan(0)).toBe(true);
  });

  it('cut the same range into day, week and month buckets with the same totals, empty buckets as zeros', async () => {
    const from = isoDay(-60);
    const cut = async (bucket: 'day' | 'week' | 'month') => ({
      bucket,
      transactions: await transactionsOf({ from, to: today, bucket }),
      investments: await investmentsOf({ from, to: today, bucket }),
      users: await usersOf({ from, to: today, bucket }),
    });
    const [day, week, month] = await Promise.all([cut('day'), cut('week'), cut('month')]);
    expect(day.transactions.flows).toHaveLength(61);
    expect(day.transactions.flows[0]?.bucket).toBe(from);
    // A week starts on Monday, a month on its first day; the first bucket holds the range's first day.
    expect(new Date(`${week.transactions.flows[0]?.bucket}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(month.transactions.flows[0]?.bucket).toBe(`${from.slice(0, 7)}-01`);
    for (const other of [week, month]) {
      expect(other.transactions.totals).toEqual(day.transactions.totals);
      expect(other.investments.totals).toEqual(day.investments.totals);
      expect(other.users.totals).toEqual(day.users.totals);
      // The last bucket's active principal is the principal active at the range's end, however it is cut.
      expect(other.investments.series.at(-1)?.activePrincipal).toBe(
        day.investments.series.at(-1)?.activePrincipal,
      );
    }
    expect(day.transactions.flows.some((f) => f.deposits === '0.00000000' && f.depositCount === 0)).toBe(
      true,
    );
  });

  it('refuse a bad range with a 400 naming the problem, and every report to anyone but an admin', async () => {
    const cases: [string, string][] = [
      [`from=${today}&to=${isoDay(-1)}`, 'The end date (to) must be on or after the start date (from)'],
      [`from=${isoDay(-366)}&to=${today}`, 'A report covers at most 366 days per request'],
      ['from=2026-02-30&to=2026-03-01', 'from is not a real calendar day: 2026-02-30'],
      [`from=${today}`, 'to is required (a day as YYYY-MM-DD)'],
      [`from=${today}&to=${today}&bucket=year`, 'bucket must be day, week or month'],
      [`from=${today}&to=${today}&userId=${admin.user.id}`, ''],
    ];
    for (const { path: name } of REPORTS) {
      for (const [query, message] of cases) {
        if (name === harvestCalendarReport.path && query.includes('bucket=')) continue;
        // Raw: these queries break the contract on purpose (a missing day, an unknown bucket or parameter).
        const answer = await client.raw('GET', `${name}?${query}`, { token: admin.accessToken });
        expect([name, query, answer.status, ErrorBody.safeParse(answer.body).data?.code]).toEqual([
          name,
          query,
          400,
          expect.any(String),
        ]);
        if (message) expect(JSON.stringify(answer.body)).toContain(message);
      }
    }
    const investor = await registerInvestor();
    const query = { from: today, to: today };
    // Each report in the order of REPORTS, read with `token` (none: signed out).
    const readers = [
      (token?: string) => client.call(transactionsReport, { token, query }),
      (token?: string) => client.call(investmentsReport, { token, query }),
      (token?: string) => client.call(usersReport, { token, query }),
      (token?: string) => client.call(kycReport, { token, query }),
      (token?: string) => client.call(harvestCalendarReport, { token, query }),
    ];
    for (const [i, read] of readers.entries()) {
      const name = REPORTS[i]?.path;
      expect([name, (await read(investor.accessToken)).status]).toEqual([name, 403]);
      expect([name, (await read()).status]).toEqual([name, 401]);
    }
  });
});
