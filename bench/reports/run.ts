// `npm run bench:reports`: every admin report (docs/decisions/0064-admin-reports.md) over 1,000,000
// investments (with 1,000,000 accruals) and 1,000,000 ledger entries, plus 250,000 deposits, 100,000
// withdrawals, 100,000 investors and 50,000 KYC submissions, spread over the last year. Prints p50 and p95 of
// each report through the gateway with an admin's token, one request at a time, and the ratio of the p95 to
// the 1 s target.
//
// The rows are seeded with set-based SQL (generate_series) straight into each service's own tables, not
// through the API: the reports only read them. The ledger rows are written with the triggers off
// (session_replication_role = replica; every transfer still gets its two balanced entries, against two
// platform accounts), so this stack's balances do not follow from its ledger; it is thrown away at the end.
import os from 'node:os';
import { reportOperations } from '@cropvest/contracts/reports/api';
import { latencyCase, measureGet, type LatencyCase } from '../support/latency.ts';
import { seedRaw, startLoadBench, vacuumAnalyze } from '../support/load.ts';
import { signIn } from '../support/stack.ts';

const INVESTMENTS = Number(process.env.BENCH_INVESTMENTS ?? 1_000_000);
const LEDGER_ENTRIES = Number(process.env.BENCH_LEDGER_ENTRIES ?? 1_000_000);
const DEPOSITS = Number(process.env.BENCH_DEPOSITS ?? 250_000);
const WITHDRAWALS = Number(process.env.BENCH_WITHDRAWALS ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const KYC = Number(process.env.BENCH_KYC ?? 50_000);
const PLANS = 50;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
const TARGET_MS = 1000;

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
/** Spread row i over the last year, to the minute. */
const spread = (i: string) =>
  `now() - ((${i} % 365) || ' days')::interval - (((${i} * 37) % 1440) || ' minutes')::interval`;

const { stack, sql, close } = await startLoadBench(4);
try {
  const admin = await signIn(stack.gatewayUrl, stack.adminEmail, stack.adminPassword);
  const seedStarted = performance.now();
  await seedRaw(sql, async (client) => {
    // identity: investors signed up over the year, in every verification status.
    await client.query(
      `INSERT INTO identity.users (id, name, email, password_hash, role, kyc_status, created_at, updated_at)
       SELECT gen_random_uuid(), 'Bench Investor ' || i, 'bench.' || i || '@reports.example', 'not-a-hash', 'investor',
              (ARRAY['incomplete', 'pending', 'approved', 'rejected'])[1 + i % 4], ${spread('i')}, now()
         FROM generate_series(1, $1::int) AS i`,
      [USERS],
    );
    // kyc: submissions, most reviewed a day or two after they came in.
    await client.query(
      `INSERT INTO kyc.kyc_documents (id, user_id, first_name, last_name, date_of_birth, nationality, address, city,
                                      country, postal_code, phone_number, id_type, id_number, id_document_front_url,
                                      selfie_url, proof_of_address_url, status, rejection_reason, reviewed_at, submitted_at, created_at, updated_at)
       SELECT gen_random_uuid(), gen_random_uuid(), 'Bench', 'Applicant', '1990-01-01', 'Kenyan', '1 Field Road', 'Nakuru',
              'Kenya', '20100', '+254 700 000 000', 'passport', 'B' || i, '/objects/kyc-documents/x', '/objects/kyc-documents/x',
              '/objects/kyc-documents/x', s.status, CASE WHEN s.status = 'rejected' THEN 'Document unreadable' END,
              CASE WHEN s.status <> 'pending' THEN ${spread('i')} + interval '30 hours' END, ${spread('i')}, ${spread('i')}, now()
         FROM generate_series(1, $1::int) AS i
         CROSS JOIN LATERAL (SELECT (ARRAY['pending', 'approved', 'approved', 'rejected'])[1 + i % 4] AS status) s`,
      [KYC],
    );

    // plans: 50 plans started over the last year, ending up to 200 days from now; investments spread over them,
    // half of them compounding.
    await client.query(
      `INSERT INTO plans.plans (id, title, description, min_slot_price, daily_interest_rate, duration_days, total_slots,
                                available_slots, start_date, end_date, created_at)
       SELECT gen_random_uuid(), 'Bench plan ' || k, 'A benchmark season.', 100, 0.05, 200, 1000000, 0,
              now() - ((k * 7) || ' days')::interval, now() - ((k * 7) || ' days')::interval + interval '200 days',
              now() - ((k * 7) || ' days')::interval
         FROM generate_series(1, $1::int) AS k`,
      [PLANS],
    );
    await client.query(
      `WITH plan AS (SELECT id, row_number() OVER (ORDER BY created_at) - 1 AS n FROM plans.plans),
       seeded AS (SELECT gen_random_uuid() AS id, i, plan.id AS plan_id, t.at
                    FROM generate_series(1, $1::int) AS i
                    JOIN plan ON plan.n = i % $3::int
                    CROSS JOIN LATERAL (SELECT ${spread('i')} AS at) t),
       invested AS (
         INSERT INTO plans.investments (id, user_id, plan_id, slots_purchased, principal, interest_earned, status,
                                        created_at, activated_at, completed_at, daily_interest, daily_rate, compound)
         SELECT id, md5('investor' || (i % $2::int))::uuid, plan_id, 1 + i % 20, 100 * (1 + i % 20),
                0.05 * (1 + i % 20) * (i % 60), CASE WHEN i % 5 = 0 THEN 'completed' ELSE 'active' END,
                at, at, CASE WHEN i % 5 = 0 THEN least(now(), at + interval '30 days') END, 0.05 * (1 + i % 20),
                0.05, i % 2 = 0
           FROM seeded)
       INSERT INTO plans.compounding_interest (investment_id, accrued_interest)
       SELECT id, 0.05 * (1 + i % 20) * (i % 60) FROM seeded WHERE i % 2 = 0 AND i % 60 <> 0`,
      [INVESTMENTS, USERS, PLANS],
    );
    await client.query(
      `INSERT INTO plans.accruals (investment_id, day, amount)
       SELECT id, (activated_at AT TIME ZONE 'UTC')::date, daily_interest FROM plans.investments`,
    );

    // wallet: transfers of every kind over the year, two entries each, and deposit and withdrawal requests.
    const transfers = Math.floor(LEDGER_ENTRIES / 2);
    await client.query(
      `WITH a AS (SELECT (SELECT id FROM wallet.accounts WHERE kind = 'deposits_inflow' AND user_id IS NULL) AS debit,
                         (SELECT id FROM wallet.accounts WHERE kind = 'adjustments' AND user_id IS NULL) AS credit),
       t AS (
         INSERT INTO wallet.transfers (id, idempotency_key, kind, debit_account_id, credit_account_id, amount, user_id, created_at)
         SELECT gen_random_uuid(), 'bench-' || i,
                (ARRAY['deposit', 'deposit', 'deposit', 'withdrawal_settle', 'investment', 'investment', 'investment',
                       'investment', 'harvest_principal', 'harvest_interest'])[1 + i % 10],
                a.debit, a.credit, 10 + i % 990, md5('investor' || (i % $2::int))::uuid, ${spread('i')}
           FROM generate_series(1, $1::int) AS i CROSS JOIN a
         RETURNING id, debit_account_id, credit_account_id, amount, created_at)
       INSERT INTO wallet.ledger_entries (transfer_id, account_id, amount, balance_after, created_at)
       SELECT id, debit_account_id, -amount, 0, created_at FROM t
       UNION ALL
       SELECT id, credit_account_id, amount, 0, created_at FROM t`,
      [transfers, USERS],
    );
    // A deposit also carries what the chain verification added (decision 0080): the amount typed, the
    // transaction's key and who credited an approved one.
    const requestColumns = {
      deposits: {
        names: 'txid, txid_key, claimed_amount, credited_by',
        values: `md5(i::text || 'tx'), md5(i::text || 'tx'), 10 + i % 990, CASE WHEN s.status = 'approved' THEN 'admin' END`,
      },
      withdrawals: { names: 'wallet_address', values: `'T' || substr(md5(i::text || 'addr'), 1, 33)` },
    };
    for (const [table, count] of [
      ['deposits', DEPOSITS],
      ['withdrawals', WITHDRAWALS],
    ] as const) {
      await client.query(
        `INSERT INTO wallet.${table} (id, user_id, amount, ${requestColumns[table].names}, status,
                                      approved_by, approved_at, reviewed_by, reviewed_at, created_at)
         SELECT gen_random_uuid(), md5('investor' || (i % $2::int))::uuid, 10 + i % 990,
                ${requestColumns[table].values}, s.status,
                CASE WHEN s.status = 'approved' THEN gen_random_uuid() END,
                CASE WHEN s.status = 'approved' THEN r.at END,
                CASE WHEN s.status <> 'pending' THEN gen_random_uuid() END,
                CASE WHEN s.status <> 'pending' THEN r.at END, c.at
           FROM generate_series(1, $1::int) AS i
           CROSS JOIN LATERAL (SELECT ${spread('i')} AS at) c
           CROSS JOIN LATERAL (SELECT c.at + ((i % 2880) || ' minutes')::interval AS at) r
           CROSS JOIN LATERAL (SELECT CASE WHEN i % 10 = 0 THEN 'pending' WHEN i % 10 = 1 THEN 'rejected' ELSE 'approved' END AS status) s`,
        [count, USERS],
      );
    }
  });
  // The plans' report rollups are kept by triggers, off while seeding: build them from the seeded rows.
  await sql.query('SELECT plans.report_rollups_rebuild()');
  await vacuumAnalyze(sql, [
    'identity.users',
    'kyc.kyc_documents',
    'plans.plans',
    'plans.investments',
    'plans.accruals',
    'plans.report_daily',
    'plans.report_active_terms',
    'wallet.transfers',
    'wallet.ledger_entries',
    'wallet.deposits',
    'wallet.withdrawals',
  ]);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const { rows } = await sql.query<{ investments: string; entries: string }>(
    `SELECT (SELECT count(*) FROM plans.investments) AS investments, (SELECT count(*) FROM wallet.ledger_entries) AS entries`,
  );

  const year = { from: day(-365), to: day(0) };
  const month = { from: day(-29), to: day(0) };
  const cases: LatencyCase[] = [
    latencyCase('transactions: a year by day', reportOperations.transactionsReport, () => ({
      query: { ...year, bucket: 'day' },
    })),
    latencyCase('transactions: a year by month', reportOperations.transactionsReport, () => ({
      query: { ...year, bucket: 'month' },
    })),
    latencyCase('transactions: last 30 days by day', reportOperations.transactionsReport, () => ({
      query: month,
    })),
    latencyCase('investments: a year by day', reportOperations.investmentsReport, () => ({
      query: { ...year, bucket: 'day' },
    })),
    latencyCase('investments: a year by week', reportOperations.investmentsReport, () => ({
      query: { ...year, bucket: 'week' },
    })),
    latencyCase('investments: last 30 days by day', reportOperations.investmentsReport, () => ({
      query: month,
    })),
    latencyCase('harvest calendar: next 365 days', reportOperations.harvestCalendar, () => ({
      query: { from: day(0), to: day(364) },
    })),
    latencyCase('users: a year by day', reportOperations.usersReport, () => ({
      query: { ...year, bucket: 'day' },
    })),
    latencyCase('kyc: a year by day', reportOperations.kycReport, () => ({
      query: { ...year, bucket: 'day' },
    })),
  ];

  const load = os.loadavg().map((n) => n.toFixed(2));
  console.log(
    `\nAdmin reports through the gateway: ${rows[0]?.investments} investments, ${rows[0]?.entries} ledger entries, ${DEPOSITS} deposits, ${WITHDRAWALS} withdrawals, ${USERS} investors, ${KYC} KYC submissions (seeded in ${seedSeconds.toFixed(1)} s); ${SAMPLES} sequential requests per report; load average before ${load.join(' ')} on ${os.cpus().length} cores`,
  );
  let worst = 0;
  for (const [name, path] of cases) {
    const { p50, p95 } = await measureGet(stack.gatewayUrl, admin, path, SAMPLES);
    worst = Math.max(worst, p95);
    console.log(
      `${name.padEnd(36)} p50 ${p50.toFixed(0).padStart(5)} ms   p95 ${p95.toFixed(0).padStart(5)} ms   p95/target ${(p95 / TARGET_MS).toFixed(2)}`,
    );
  }
  console.log(
    `worst p95 ${worst.toFixed(0)} ms = ${(worst / TARGET_MS).toFixed(2)} × the ${TARGET_MS} ms target: ${worst < TARGET_MS ? 'met' : 'NOT met'}; load average after ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  if (worst >= TARGET_MS) process.exitCode = 1;
} finally {
  await close();
}
