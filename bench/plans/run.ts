// `npm run bench:plans`, two figures with their raw baselines measured in the same run on the same database:
//
// 1. Hot plan: 200 concurrent buyers on ONE plan through the gateway (reserve, wallet debit over NATS,
//    activate, outbox), purchases per second and p99, zero oversell; beside a pgbench-style raw baseline of
//    the conditional slot update plus one balance update in one transaction, with 200 concurrent clients.
// 2. Accrual: 1,000,000 active investments, half of them compounding, accrue one day with the service's own
//    statement (per-plan day mark, pending-purchase guard, creation-day filter, running interest), beside raw
//    INSERT … SELECTs of the same rows into the same table: one copying the stored daily amount, one computing
//    round(principal × rate / 100, 8) per row; and three missed days caught up in one run of the job, per day.
//    All run in a scratch copy of the plans schema.
//
// BENCH_PART=hot|accrual|all (default all) runs one part only; BENCH_SLOTS (default 2000) sizes the hot plan and
// BENCH_ACCRUAL_ROWS (default 1,000,000) the accrual, for iterating on one figure.
// The load generator shares the machine's cores with everything else: read the ratios.
import { randomUUID } from 'node:crypto';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { serviceEvents } from '@cropvest/service-kit/bus';
import { createDatabase, migrate } from '@cropvest/service-kit/db';
import { migrations as plansMigrations } from '../../services/plans/src/db/migrations/index.ts';
import { pino } from 'pino';
import { accrueDay } from '../../services/plans/src/db/accrual.ts';
import { runAccrual } from '../../services/plans/src/app/accrual.ts';
import { drive, rawTransaction, startLoadBench, type DriveResult } from '../support/load.ts';
import {
  benchNatsOptions,
  checkWalletLedger,
  benchFactories,
  publishKycApproval,
  signIn,
} from '../support/stack.ts';

const BUYERS = 200;
const SLOTS = Number(process.env.BENCH_SLOTS ?? 2000);
const EXTRA = Math.round(SLOTS / 10);
const ACCRUAL_ROWS = Number(process.env.BENCH_ACCRUAL_ROWS ?? 1_000_000);
const PRICE = 100;
const PART = process.env.BENCH_PART ?? 'all';
if (!['hot', 'accrual', 'all'].includes(PART))
  throw new Error(`BENCH_PART is hot, accrual or all, not ${PART}`);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** A part's printed lines, and whether it met its invariants (not its targets: those are read). */
interface PartResult {
  lines: string[];
  ok: boolean;
}

const { stack, sql, client, close } = await startLoadBench(60);
try {
  const results: PartResult[] = [];
  if (PART !== 'accrual') results.push(await hotPlan());
  if (PART !== 'hot') results.push(await accrual());
  process.stdout.write(['', ...results.flatMap((r) => [...r.lines, ''])].join('\n'));
  if (results.some((r) => !r.ok)) process.exitCode = 1;
} finally {
  await close();
}

async function hotPlan(): Promise<PartResult> {
  const admin = await signIn(stack.gatewayUrl, stack.adminEmail, stack.adminPassword);

  // ---- setup (not measured): a plan, 200 funded and KYC-approved buyers ----
  const perBuyer = Math.ceil((SLOTS + EXTRA) / BUYERS);
  const factories = benchFactories(stack.gatewayUrl, admin);
  const { id: planId } = await factories.plan(
    {
      title: 'Benchmark harvest',
      description: 'One hot plan for the benchmark.',
      minSlotPrice: PRICE,
      dailyInterestRate: '0.05',
      totalSlots: SLOTS,
      startDate: day(0),
      endDate: day(60),
      durationDays: 60,
    },
    { startedDaysAgo: 0 },
  );
  const acknowledged = await factories.acknowledgement(planId);
  const nc = await connect(benchNatsOptions(stack));
  const js = jetstream(nc);
  const buyers: { id: string; token: string }[] = [];
  await drive(BUYERS, 10, async (i) => {
    const buyer = await factories.investor(
      `Buyer ${i}`,
      `buyer-${i}-${randomUUID().slice(0, 6)}@bench.example`,
    );
    await factories.fund(buyer, String(perBuyer * PRICE));
    // KYC approved by its event alone: 200 buyers' documents uploaded and reviewed would be most of the setup.
    await publishKycApproval(js, buyer.user.id);
    await factories.answerSuitability(buyer);
    buyers.push({ id: buyer.user.id, token: buyer.accessToken });
    return true;
  });
  await nc.drain();
  // Wait until the plans service has every approval (a probe beyond the slots answers 400, not 403).
  for (const buyer of buyers) {
    for (
      let i = 0;
      i < 100 &&
      (
        await client.call(plansOperations.invest, {
          token: buyer.token,
          body: { planId, slotsPurchased: SLOTS + 1 },
        })
      ).status === 403;
      i++
    )
      await new Promise((r) => setTimeout(r, 100));
  }

  // ---- 1. hot plan through the gateway ----
  const hot = await drive(
    SLOTS + EXTRA,
    BUYERS,
    async (i) =>
      (
        await client.call(plansOperations.invest, {
          token: (buyers[i % BUYERS] as { token: string }).token,
          body: { planId, ...acknowledged, slotsPurchased: 1 },
        })
      ).status === 201,
  );
  const after = await client.ok(plansOperations.plans, { token: admin });
  const available = after.find((p) => p.id === planId)?.availableSlots;
  const sold = Number(
    (
      await sql.query(
        `SELECT count(*) AS n FROM plans.investments WHERE plan_id = $1 AND status = 'active'`,
        [planId],
      )
    ).rows[0].n,
  );
  const invested = (
    await sql.query(
      `SELECT COALESCE(sum(a.balance), 0)::text AS total FROM wallet.accounts a WHERE a.kind = 'invested' AND a.user_id = ANY($1::uuid[])`,
      [buyers.map((b) => b.id)],
    )
  ).rows[0].total as string;
  const ledger = await checkWalletLedger(stack.databaseUrl);

  // Raw baseline: the conditional slot update and one balance update in one transaction, nothing else.
  await sql.query(`DROP SCHEMA IF EXISTS bench_raw CASCADE; CREATE SCHEMA bench_raw;
    CREATE TABLE bench_raw.plans (id int PRIMARY KEY, available_slots int NOT NULL CHECK (available_slots >= 0));
    CREATE TABLE bench_raw.balances (user_id int PRIMARY KEY, balance numeric(18,8) NOT NULL CHECK (balance >= 0));
    INSERT INTO bench_raw.plans VALUES (1, ${SLOTS});
    INSERT INTO bench_raw.balances SELECT g, ${perBuyer * PRICE} FROM generate_series(0, ${BUYERS - 1}) g;`);
  const raw = await drive(SLOTS + EXTRA, BUYERS, (i) =>
    rawTransaction(sql, async (client) => {
      const reserved = await client.query(
        'UPDATE bench_raw.plans SET available_slots = available_slots - 1 WHERE id = 1 AND available_slots >= 1 RETURNING available_slots',
      );
      if (reserved.rowCount === 0) return false;
      await client.query('UPDATE bench_raw.balances SET balance = balance - $2 WHERE user_id = $1', [
        i % BUYERS,
        PRICE,
      ]);
      return true;
    }),
  );
  const rawLeft = Number(
    (await sql.query('SELECT available_slots FROM bench_raw.plans WHERE id = 1')).rows[0].available_slots,
  );
  await sql.query('DROP SCHEMA bench_raw CASCADE');

  const row = (name: string, m: DriveResult) =>
    `${name.padEnd(36)} ${m.succeededPerSecond.toFixed(0).padStart(6)} purchases/s   p50 ${m.p50.toFixed(1).padStart(6)} ms   p99 ${m.p99.toFixed(1).padStart(7)} ms   sold ${m.succeeded}`;
  const oversold =
    sold !== SLOTS || available !== 0 || invested !== (SLOTS * PRICE).toFixed(8) || rawLeft !== 0;
  return {
    lines: [
      `Hot plan: ${BUYERS} concurrent buyers, ${SLOTS} slots, ${SLOTS + EXTRA} attempts of 1 slot`,
      row('through the gateway', hot),
      row('raw SQL (slot update + balance update)', raw),
      `  ratio service/raw: ${(hot.succeededPerSecond / raw.succeededPerSecond).toFixed(2)} (target >= 0.6, p99 < 500 ms)`,
      `  oversell: sold ${sold} of ${SLOTS}, ${available} left, invested ${invested} (expected ${(SLOTS * PRICE).toFixed(8)}); raw left ${rawLeft}`,
      `  ledger check: ${ledger.ok ? 'passed' : `FAILED: ${ledger.problems.join('; ')}`}`,
    ],
    ok: !oversold && ledger.ok,
  };
}

async function accrual(): Promise<PartResult> {
  // ---- 2. accrual of 1,000,000 investments ----
  const scratch = createDatabase({
    url: stack.databaseUrl,
    schema: 'bench_plans',
    migrations: [],
    poolMax: 2,
    applicationName: 'bench-accrual',
  });
  await scratch.raw('DROP SCHEMA IF EXISTS bench_plans CASCADE');
  await migrate(scratch, 'bench_plans', plansMigrations);
  await scratch.raw(`
    INSERT INTO plans (id, title, description, min_slot_price, daily_interest_rate, duration_days, total_slots, available_slots, start_date, end_date)
    SELECT gen_random_uuid(), 'Plan ' || g, 'Benchmark plan', 100 + g * 0.01, (array[0.05, 0.07, 2.25, 1.10])[1 + g % 4], 90, 1000000, 0, now() - interval '10 days', now() + interval '80 days'
      FROM generate_series(1, 20) g`);
  await scratch.raw(`
    INSERT INTO investments (id, user_id, plan_id, slots_purchased, principal, daily_interest, daily_rate, compound, status, created_at, activated_at)
    SELECT gen_random_uuid(), gen_random_uuid(), p.id, 1 + g % 7, v.principal, round_half_even8(v.principal * p.daily_interest_rate * 0.01), p.daily_interest_rate, g % 2 = 0, 'active', now() - interval '10 days', now() - interval '10 days'
      FROM generate_series(1, ${ACCRUAL_ROWS}) g
      CROSS JOIN LATERAL (SELECT round((100 + (g % 997) * 1.23456789)::numeric, 8) AS principal) v
      JOIN LATERAL (SELECT id, daily_interest_rate FROM plans ORDER BY id OFFSET (g % 20) LIMIT 1) p ON true`);
  // Every compounding investment has compounded before (its running interest row exists), as on any day
  // after an investment's first.
  await scratch.transaction((trx) => accrueDay(trx, day(-10)));
  await scratch.raw('VACUUM ANALYZE');
  // Each run starts from an empty accruals table after a checkpoint, so none meets a bigger index or a
  // different share of full-page writes than another; kinds alternate, two runs each. Each service run starts
  // with every plan's mark on the day before, so the measured day is exactly their next. "Raw copy" inserts
  // the stored daily amount, the same rows the service writes without its guards; "raw round" derives it per
  // row with round(principal × rate / 100, 8).
  const fresh = async () => {
    await scratch.raw('TRUNCATE accruals');
    await scratch.raw('CHECKPOINT');
  };
  const rawDay = async (d: string, amount: string) => {
    await fresh();
    const started = performance.now();
    const inserted = await scratch.raw(
      `INSERT INTO accruals (investment_id, day, amount) SELECT i.id, ?::date, ${amount} FROM investments i JOIN plans p ON p.id = i.plan_id WHERE i.status = 'active'`,
      [d],
    );
    return { seconds: (performance.now() - started) / 1000, rows: Number(inserted.rowCount) };
  };
  const serviceDay = async (d: string) => {
    await scratch.raw('UPDATE plans SET accrued_through = ?::date - 1', [d]);
    await fresh();
    const started = performance.now();
    const result = await scratch.transaction((trx) => accrueDay(trx, d));
    return { seconds: (performance.now() - started) / 1000, rows: result.rows, plans: result.plans };
  };
  const COPY = 'i.daily_interest';
  const COMPUTE = 'round(i.principal * p.daily_interest_rate / 100, 8)';
  const service1 = await serviceDay(day(-1));
  const copy1 = await rawDay(day(-1), COPY);
  const compute1 = await rawDay(day(-1), COMPUTE);
  const service2 = await serviceDay(day(-1));
  // The same day again right after: a repeat writes nothing.
  const again = await scratch.transaction((trx) => accrueDay(trx, day(-1)));
  const copy2 = await rawDay(day(-1), COPY);
  const compute2 = await rawDay(day(-1), COMPUTE);
  // Three missed days caught up in one run of the service's job (one transaction a day, as at boot).
  await scratch.raw('UPDATE plans SET accrued_through = ?::date - 1', [day(-3)]);
  await fresh();
  const caughtUp = (
    await runAccrual(
      {
        db: scratch,
        logger: pino({ level: 'silent' }),
        events: serviceEvents('bench_plans', () => undefined),
      },
      { until: day(-1) },
    )
  ).days;
  const catchUpSeconds = caughtUp.reduce((s, d) => s + d.ms, 0) / 1000 / caughtUp.length;
  const mean = (a: { seconds: number }, b: { seconds: number }) => (a.seconds + b.seconds) / 2;
  const serviceSeconds = mean(service1, service2);
  const copySeconds = mean(copy1, copy2);
  const computeSeconds = mean(compute1, compute2);
  const accrued = { rows: Math.min(service1.rows, service2.rows), plans: service2.plans };
  await scratch.raw('DROP SCHEMA bench_plans CASCADE');
  await scratch.destroy();

  return {
    lines: [
      `Accrual: ${ACCRUAL_ROWS.toLocaleString('en')} active investments, one day`,
      `  service statement          ${serviceSeconds.toFixed(2).padStart(7)} s   ${(accrued.rows / serviceSeconds).toFixed(0).padStart(8)} rows/s   (${accrued.rows} rows, ${accrued.plans} plans; runs ${service1.seconds.toFixed(2)} s, ${service2.seconds.toFixed(2)} s)`,
      `  raw INSERT … SELECT (copy)  ${copySeconds.toFixed(2).padStart(7)} s   ${(ACCRUAL_ROWS / copySeconds).toFixed(0).padStart(8)} rows/s   (runs ${copy1.seconds.toFixed(2)} s, ${copy2.seconds.toFixed(2)} s)`,
      `  raw INSERT … SELECT (round) ${computeSeconds.toFixed(2).padStart(7)} s   ${(ACCRUAL_ROWS / computeSeconds).toFixed(0).padStart(8)} rows/s   (runs ${compute1.seconds.toFixed(2)} s, ${compute2.seconds.toFixed(2)} s)`,
      `  catch-up of ${caughtUp.length} missed days ${catchUpSeconds.toFixed(2).padStart(7)} s a day   (${caughtUp.map((d) => `${d.day} ${(d.ms / 1000).toFixed(2)} s, ${d.rows} rows`).join('; ')})`,
      `  ratio service/raw time: ${(serviceSeconds / copySeconds).toFixed(2)} against the copy, ${(serviceSeconds / computeSeconds).toFixed(2)} against the round (target <= 1.3); catch-up a day / one day ${(catchUpSeconds / serviceSeconds).toFixed(2)} (target <= 1); run again: ${again.rows} rows`,
    ],
    ok:
      accrued.rows === ACCRUAL_ROWS &&
      again.rows === 0 &&
      caughtUp.length === 3 &&
      caughtUp.every((d) => d.rows === ACCRUAL_ROWS) &&
      [copy1, copy2, compute1, compute2].every((r) => r.rows === ACCRUAL_ROWS),
  };
}
