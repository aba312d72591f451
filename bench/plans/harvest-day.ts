// `npm run bench:harvest`: harvest day. 100,000 active investments (BENCH_HARVEST_INVESTMENTS) of 1,000 investors
// (BENCH_HARVEST_INVESTORS) in one plan that ends today; the daily run (`npm run accrue`, the job the plans
// service runs on its schedule) accrues the plan's last days and harvests it; the plans service's outbox relay
// sends `investment.harvested` and each investor's `plan.harvest_paid`; the wallet pays principal and interest to
// each investment and notify tells each investor once, by notification and mail (decision 0134).
// Measured from the start of the run until the last payment and the last notification are committed (target
// 30 s) and the last payout mail is sent (target 120 s), with the ledger check, every investor's balance, and
// each service's memory before and after.
//
// Seeding (not measured) goes through the real API for the investors and their money (registration, deposit,
// approval, one wallet debit per investor for all their slots over the wallet's command) and through SQL for the
// 100,000 investment rows in the plans service's own tables. The generator shares the machine's 2 cores.
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { sendCommand } from '@cropvest/service-kit/bus';
import { MoneyDecimal, WALLET_DEBIT_SUBJECT } from '@cropvest/contracts';
import { fundingOperations } from '@cropvest/contracts/plans/funding-api';
import { drive, seedRaw, startLoadBench } from '../support/load.ts';
import {
  benchFactories,
  benchNatsOptions,
  checkWalletLedger,
  publishKycApproval,
  signIn,
} from '../support/stack.ts';
import { rssOf, servicePidOn } from '../../test/support/processes.ts';
import { SERVICES } from '../../scripts/stack/services.ts';

const INVESTMENTS = Number(process.env.BENCH_HARVEST_INVESTMENTS ?? 100_000);
const INVESTORS = Number(process.env.BENCH_HARVEST_INVESTORS ?? 1_000);
/** Every investment paid and its investor notified within this many seconds of the run's start. */
const PAID_TARGET_SECONDS = 30;
/** Every payout mail sent within this many seconds of the run's start. */
const MAILED_TARGET_SECONDS = 120;
/** How long to wait for the harvest before giving up and reporting what arrived. */
const DEADLINE_SECONDS = Number(process.env.BENCH_HARVEST_DEADLINE ?? 600);
const PRICE = 100;
/** 0.50 % a day of 100: 0.5 a day, 1.0 over the plan's two days. */
const RATE = '0.50';
const DAYS = 2;
const INTEREST_PER_INVESTMENT = 0.5 * DAYS;

const root = path.resolve(import.meta.dirname, '../..');
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

const { stack, sql, client, close } = await startLoadBench(4);
const scalar = async (text: string, values: unknown[] = []): Promise<number> =>
  Number(Object.values((await sql.query(text, values)).rows[0] ?? { n: 0 })[0] ?? 0);
try {
  const admin = await signIn(stack.gatewayUrl, stack.adminEmail, stack.adminPassword);
  const seedStarted = performance.now();

  // ---- seeding: investors with their money through the API, the plan through the admin API ----
  const factories = benchFactories(stack.gatewayUrl, admin);
  // No key information sheet: nobody buys through the API, the investments are seeded below.
  const { id: planId } = await factories.plan(
    {
      title: 'Harvest day wheat',
      description: 'One plan whose every investment matures today.',
      minSlotPrice: PRICE,
      dailyInterestRate: RATE,
      totalSlots: INVESTMENTS,
      startDate: day(0),
      endDate: day(30),
    },
    { keyInformation: false },
  );
  const slotsOf = (i: number) => Math.floor(INVESTMENTS / INVESTORS) + (i < INVESTMENTS % INVESTORS ? 1 : 0);
  const nc = await connect(benchNatsOptions(stack));
  const js = jetstream(nc);
  const investors: string[] = new Array(INVESTORS);
  await drive(INVESTORS, 8, async (i) => {
    const investor = await factories.investor(
      `Harvester ${i}`,
      `harvest-${i}-${randomUUID().slice(0, 6)}@bench.example`,
    );
    const id = investor.user.id;
    const amount = String(slotsOf(i) * PRICE);
    // Deposited in parts below the four-eyes threshold, each approved by the admin (the factories' fund).
    await factories.fund(investor, amount);
    await publishKycApproval(js, id);
    // All of the investor's slots paid in one debit (the harvest pays each investment back separately).
    await sendCommand(nc, WALLET_DEBIT_SUBJECT, {
      investmentId: randomUUID(),
      userId: id,
      amount,
      memo: 'seed',
    });
    investors[i] = id;
    return true;
  });
  await nc.drain();
  // The investments themselves, straight into the plans service's tables; the plan moved back to have started
  // two days ago and to end at today's midnight (UTC), nothing accrued yet.
  await seedRaw(
    sql,
    async (client) => {
      await client.query(
        `INSERT INTO plans.investments (id, user_id, plan_id, slots_purchased, principal, daily_interest, daily_rate, status, created_at, activated_at)
       SELECT gen_random_uuid(), ($1::uuid[])[1 + g % $2], $3, 1, $4, plans.round_half_even8($4 * $5::numeric * 0.01), $5::numeric, 'active', $6::timestamptz, $6::timestamptz
         FROM generate_series(0, $7 - 1) g`,
        [investors, INVESTORS, planId, PRICE, RATE, `${day(-DAYS)}T00:00:00Z`, INVESTMENTS],
      );
      await client.query(
        `UPDATE plans.plans SET start_date = $2, end_date = $3, duration_days = $4, available_slots = 0, accrued_through = NULL, created_at = $2 WHERE id = $1`,
        [planId, `${day(-DAYS)}T00:00:00Z`, `${day(0)}T00:00:00Z`, DAYS],
      );
    },
    { triggers: true },
  );
  await sql.query('ANALYZE plans.investments');
  // A funded plan is paid from its proceeds (docs/decisions/0091): the season sold for its principal's worth,
  // more than the interest due; the harvest starts once the wallet holds them.
  const proceeds = await client.ok(fundingOperations.recordProceeds, {
    token: admin,
    path: { id: planId },
    body: { amount: String(INVESTMENTS * PRICE), receivedOn: day(0), buyer: 'Harvest day mill' },
  });
  while (
    (await scalar(`SELECT count(*) FROM wallet.transfers WHERE kind = 'proceeds' AND reference_id = $1`, [
      proceeds.id,
    ])) === 0
  )
    await new Promise((resolve) => setTimeout(resolve, 100));
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  // ---- memory before ----
  const pids = Object.fromEntries(
    SERVICES.map((s) => [s.name, servicePidOn(s.entry, new URL(stack.services[s.name] as string).port)]),
  );
  const rssBefore = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => [name, pid ? rssOf(pid) : 0]),
  );
  const peak: Record<string, number> = { ...rssBefore };

  // ---- the harvest: the daily run, then the real path to the wallet and notify ----
  const since = new Date().toISOString();
  const started = performance.now();
  const accrue = spawn(process.execPath, ['--import', 'tsx', 'services/plans/src/accrue.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: stack.databaseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let report = '';
  accrue.stdout.on('data', (chunk: Buffer) => (report += chunk.toString()));
  const accrueDone = new Promise<number>((resolve) =>
    accrue.once('exit', () => resolve((performance.now() - started) / 1000)),
  );
  let accrueSeconds: number | undefined;
  void accrueDone.then((s) => (accrueSeconds = s));

  // Counted once a second (each count reads up to 100,000 rows, and the counting shares the 2 cores with the
  // harvest); each finishing time is then read exactly, as the newest row's time minus the start.
  const milestone = (goal: number, rows: string, at: string, values: unknown[]) => ({
    goal,
    rows,
    at,
    values,
    done: 0,
    seconds: undefined as number | undefined,
  });
  const paid = milestone(
    INVESTMENTS,
    `FROM wallet.transfers WHERE kind = 'harvest_principal' AND created_at >= $1`,
    'created_at',
    [since],
  );
  // Each investor is told once per plan (decision 0134), by notification and by mail.
  const notified = milestone(
    INVESTORS,
    `FROM notify.notifications WHERE type = 'investment' AND source_event_id IS NOT NULL AND created_at >= $1 AND user_id = ANY($2::uuid[])`,
    'created_at',
    [since, investors],
  );
  const mailed = milestone(
    INVESTORS,
    `FROM notify.mail_outbox WHERE kind = 'plan.harvest_paid' AND created_at >= $1 AND sent_at IS NOT NULL`,
    'sent_at',
    [since],
  );
  const milestones = { paid, notified, mailed };
  let lastPrint = 0;
  while (
    Object.values(milestones).some((m) => m.seconds === undefined) &&
    (performance.now() - started) / 1000 < DEADLINE_SECONDS
  ) {
    await new Promise((r) => setTimeout(r, 1000));
    const elapsed = (performance.now() - started) / 1000;
    for (const m of Object.values(milestones).filter((m) => m.seconds === undefined)) {
      m.done = await scalar(`SELECT count(*) ${m.rows}`, m.values);
      if (m.done >= m.goal)
        m.seconds = await scalar(
          `SELECT extract(epoch FROM max(${m.at}) - $1::timestamptz) ${m.rows}`,
          m.values,
        );
    }
    for (const [name, pid] of Object.entries(pids))
      if (pid) peak[name] = Math.max(peak[name] ?? 0, rssOf(pid));
    if (elapsed - lastPrint >= 10) {
      lastPrint = elapsed;
      process.stdout.write(
        `  ${elapsed.toFixed(0).padStart(4)} s: ${Object.entries(milestones)
          .map(([name, m]) => `${name} ${m.done}`)
          .join(', ')}\n`,
      );
    }
  }
  await accrueDone;
  const { harvested, days: accrued = [] } = JSON.parse(report.trim().split('\n').pop() ?? '{}') as {
    harvested?: number;
    days?: { ms: number }[];
  };
  const accrualSeconds = accrued.reduce((sum, day) => sum + day.ms, 0) / 1000;

  // ---- after: money, mails, memory ----
  const balances = (
    await sql.query(
      `SELECT kind, count(*)::int AS accounts, sum(balance)::text AS total FROM wallet.accounts WHERE user_id = ANY($1::uuid[]) GROUP BY kind`,
      [investors],
    )
  ).rows as { kind: string; accounts: number; total: string }[];
  // Sums of money compared with the decimal library, never as floats.
  const total = (kind: string) => new MoneyDecimal(balances.find((b) => b.kind === kind)?.total ?? 0);
  const expectedAvailable = new MoneyDecimal(PRICE).plus(INTEREST_PER_INVESTMENT).times(INVESTMENTS);
  const perInvestor = await scalar(
    `SELECT count(*) FROM wallet.accounts a
      WHERE a.kind = 'available' AND a.user_id = ANY($1::uuid[])
        AND a.balance <> (SELECT count(*) FROM plans.investments i WHERE i.user_id = a.user_id AND i.plan_id = $2) * $3`,
    [investors, planId, PRICE + INTEREST_PER_INVESTMENT],
  );
  const ledger = await checkWalletLedger(stack.databaseUrl);
  const rssAfter = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => [name, pid ? rssOf(pid) : 0]),
  );

  const seconds = (value: number | undefined) =>
    value === undefined ? 'not reached' : `${value.toFixed(1)} s`;
  process.stdout.write(
    [
      '',
      `Harvest day: ${INVESTMENTS.toLocaleString('en')} investments of ${INVESTORS.toLocaleString('en')} investors maturing in one plan (seeded in ${seedSeconds.toFixed(0)} s)`,
      `  daily run: ${seconds(accrueSeconds)} (accrual of ${accrued.length} days ${seconds(accrualSeconds)}, then the harvest), harvested ${harvested ?? '?'}`,
      `  all paid to the wallet:   ${seconds(paid.seconds)}   (${paid.done} of ${paid.goal} investments)   target ${PAID_TARGET_SECONDS} s`,
      `  all investors notified:   ${seconds(notified.seconds)}   (${notified.done} of ${notified.goal} investors, once each)   target ${PAID_TARGET_SECONDS} s`,
      `  all payout mails sent:    ${seconds(mailed.seconds)}   (${mailed.done} of ${mailed.goal})   target ${MAILED_TARGET_SECONDS} s`,
      `  balances: available ${total('available').toFixed(2)} (expected ${expectedAvailable.toFixed(2)}), invested ${total('invested').toFixed(2)} (expected 0.00); investors off their expected balance: ${perInvestor}`,
      `  ledger check: ${ledger.ok ? 'clean' : `FAILED: ${ledger.problems.join('; ')}`} (${ledger.transfers} transfers, ${ledger.entries} entries)`,
      '  memory (RSS) before → peak → after:',
      ...Object.keys(pids).map(
        (name) =>
          `    ${name.padEnd(9)} ${mb(rssBefore[name] ?? 0).padStart(7)} → ${mb(peak[name] ?? 0).padStart(7)} → ${mb(rssAfter[name] ?? 0).padStart(7)}`,
      ),
      '',
    ].join('\n'),
  );
  const within = (value: number | undefined, target: number) => value !== undefined && value <= target;
  if (
    !within(paid.seconds, PAID_TARGET_SECONDS) ||
    !within(notified.seconds, PAID_TARGET_SECONDS) ||
    !within(mailed.seconds, MAILED_TARGET_SECONDS) ||
    !ledger.ok ||
    perInvestor !== 0 ||
    !total('invested').isZero() ||
    !total('available').equals(expectedAvailable)
  )
    process.exitCode = 1;
} finally {
  await close();
}
