// `npm run bench:reserves`: reconciliation and the proof of liabilities (decision 0082) at scale, through a stack
// booted as `npm start` boots it (with its local chains).
//
// 1. Reconciliation with 200,000 investors (BENCH_RECONCILE_INVESTORS): what each owes in the wallet's accounts
//    (available, held, invested), a credited deposit each on one of the three networks, and an active investment
//    with interest accrued for a third of them. Times an admin's run through the gateway (every platform address
//    read on the local chains, cmd.wallet.liabilities, cmd.plans.liabilities, stored and audited): p50 and worst of
//    BENCH_SAMPLES runs, against the 5 s target; checks the liabilities against PostgreSQL's own sums.
// 2. The daily proof with 1,000,000 investors (BENCH_PROOF_INVESTORS): an admin's build, timed from the request to
//    the published root (target 30 s), with the chain service's resident memory sampled every 100 ms and its
//    high-water mark (target 300 MB); then one investor's own proof through the gateway (p50 of 20) verified with
//    Web Crypto against the published root.
//
// The rows are seeded with set-based SQL straight into the wallet's and plans' tables (as bench/reports does), with
// triggers off: balances do not follow from a ledger here, and the stack is thrown away at the end. One investor
// is real (registered, deposit approved) to fetch a proof as. Everything shares the machine's 2 cores: read ratios.
import os from 'node:os';
import { verifyLiabilityProof, type LiabilityProof } from '@cropvest/contracts/chain/proof';
import type { Reconciliation } from '@cropvest/contracts/chain/reserves';
import { reserveOperations } from '@cropvest/contracts/chain/reserves-api';
import { peakRssOf, rssOf, servicePidOn } from '../../test/support/processes.ts';
import { SERVICES } from '../../scripts/stack/services.ts';
import { seedRaw, startLoadBench, vacuumAnalyze } from '../support/load.ts';
import { benchFactories, signIn } from '../support/stack.ts';

const RECONCILE_INVESTORS = Number(process.env.BENCH_RECONCILE_INVESTORS ?? 200_000);
const PROOF_INVESTORS = Number(process.env.BENCH_PROOF_INVESTORS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 5);
const RECONCILE_TARGET_MS = 5_000;
const BUILD_TARGET_S = 30;
const RSS_TARGET_MB = 300;

const mb = (kb: number) => kb / 1024;
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const { stack, sql, close } = await startLoadBench(2);
try {
  const admin = await signIn(stack.gatewayUrl, stack.adminEmail, stack.adminPassword);
  const factories = benchFactories(stack.gatewayUrl, admin);
  const client = factories.client;
  const chainPort = new URL(stack.services.chain as string).port;
  const chainEntry = SERVICES.find((service) => service.name === 'chain')?.entry as string;
  const chainPid = servicePidOn(chainEntry, chainPort);
  if (!chainPid) throw new Error('the chain service process was not found');

  /** Investors `from`..`to` (1-based): their accounts, a credited deposit each, every third an investment. */
  async function seed(from: number, to: number): Promise<number> {
    const started = performance.now();
    await seedRaw(sql, async (client) => {
      // A version-4 uuid made from i, so both seedings and the checks name the same users.
      const user = `overlay(overlay(md5('reserves-bench-' || i) placing '4' from 13) placing '8' from 17)::uuid`;
      await client.query(
        `INSERT INTO wallet.wallets (user_id) SELECT ${user} FROM generate_series($1::int, $2::int) AS i`,
        [from, to],
      );
      await client.query(
        `INSERT INTO wallet.accounts (id, user_id, kind, balance)
         SELECT gen_random_uuid(), ${user}, k.kind,
                CASE k.kind WHEN 'available' THEN ((i::bigint * 7919) % 500000) / 100.0 + 0.00000001 * (i % 97)
                            WHEN 'hold' THEN CASE WHEN i % 10 = 0 THEN 25 ELSE 0 END
                            ELSE CASE WHEN i % 3 = 0 THEN 100 * (1 + i % 5) ELSE 0 END END
           FROM generate_series($1::int, $2::int) AS i
          CROSS JOIN (VALUES ('available'), ('hold'), ('invested')) AS k(kind)`,
        [from, to],
      );
      await client.query(
        `INSERT INTO wallet.deposits (id, user_id, amount, claimed_amount, status, approved_by, approved_at,
                                      credited_by, network, created_at)
         SELECT gen_random_uuid(), ${user}, 10 + i % 990, 10 + i % 990, 'approved', gen_random_uuid(), now(),
                'admin', (ARRAY['TRC20', 'ERC20', 'BEP20'])[1 + i % 3], now() - interval '40 days'
           FROM generate_series($1::int, $2::int) AS i`,
        [from, to],
      );
      // Plans started 30 days ago, accrued through yesterday; an investment for every third investor, half of
      // them compounding (their running interest in compounding_interest), the others simple (a day's interest each day).
      await client.query(
        `INSERT INTO plans.plans (id, title, description, min_slot_price, daily_interest_rate, duration_days,
                                  total_slots, available_slots, start_date, end_date, accrued_through, created_at)
         SELECT gen_random_uuid(), 'Reserves bench plan ' || $1 || '-' || k, 'A benchmark season.', 100, 0.05, 120,
                1000000, 0, date_trunc('day', now()) - interval '30 days', date_trunc('day', now()) + interval '90 days',
                (now() AT TIME ZONE 'UTC')::date - 1, now() - interval '30 days'
           FROM generate_series(1, 10) AS k`,
        [from],
      );
      await client.query(
        `WITH plan AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM plans.plans
                        WHERE title LIKE 'Reserves bench plan ' || $1 || '-%')
         , seeded AS (SELECT gen_random_uuid() AS id, i, plan.id AS plan_id
                        FROM generate_series($1::int, $2::int) AS i JOIN plan ON plan.n = i % 10 WHERE i % 3 = 0)
         , invested AS (
           INSERT INTO plans.investments (id, user_id, plan_id, slots_purchased, principal, status, created_at,
                                          activated_at, daily_interest, daily_rate, compound)
           SELECT id, ${user}, plan_id, 1 + i % 5, 100 * (1 + i % 5), 'active',
                  now() - interval '30 days', now() - interval '30 days', 0.05 * (1 + i % 5), 0.05, i % 2 = 0
             FROM seeded)
         INSERT INTO plans.compounding_interest (investment_id, accrued_interest)
         SELECT id, 1.5 * (1 + i % 5) + 0.00000001 * (i % 13) FROM seeded WHERE i % 2 = 0`,
        [from, to],
      );
    });
    await sql.query('SELECT plans.report_rollups_rebuild()');
    await vacuumAnalyze(sql, [
      'wallet.wallets',
      'wallet.accounts',
      'wallet.deposits',
      'plans.plans',
      'plans.investments',
    ]);
    return (performance.now() - started) / 1000;
  }

  /** What the wallet and plans owe in all, summed by PostgreSQL: the accounts, and each active investment's interest. */
  async function ledgerTotal(): Promise<string> {
    const { rows } = await sql.query<{ total: string }>(
      `SELECT ((SELECT coalesce(sum(balance), 0) FROM wallet.accounts WHERE user_id IS NOT NULL) +
               (SELECT coalesce(sum(CASE WHEN i.compound THEN coalesce(c.accrued_interest, 0)
                                         ELSE i.daily_interest * greatest(0, (p.accrued_through + 1) -
                                              greatest((p.start_date AT TIME ZONE 'UTC')::date, (i.created_at AT TIME ZONE 'UTC')::date)) END), 0)
                  FROM plans.investments i JOIN plans.plans p ON p.id = i.plan_id
                  LEFT JOIN plans.compounding_interest c ON c.investment_id = i.id
                 WHERE i.status = 'active'))::numeric(28,8)::text AS total`,
    );
    return rows[0]?.total as string;
  }

  async function reconcileOnce(): Promise<{ ms: number; run: Reconciliation }> {
    const started = performance.now();
    const run = await client.ok(reserveOperations.reconcileReserves, { token: admin });
    return { ms: performance.now() - started, run };
  }

  // ---- 1. reconciliation over 200,000 investors ----
  const seededA = await seed(1, RECONCILE_INVESTORS);
  console.log(
    `\nReserves, ${os.cpus().length} cores. Seeded ${RECONCILE_INVESTORS.toLocaleString('en-US')} investors in ${seededA.toFixed(1)} s; load average ${load()}`,
  );
  await reconcileOnce(); // warm-up
  const times: number[] = [];
  let last: Reconciliation | undefined;
  for (let i = 0; i < SAMPLES; i++) {
    const { ms, run } = await reconcileOnce();
    times.push(ms);
    last = run;
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)] as number;
  const worst = times.at(-1) as number;
  const expected = await ledgerTotal();
  console.log(
    `reconciliation, ${RECONCILE_INVESTORS.toLocaleString('en-US')} investors: p50 ${p50.toFixed(0)} ms, worst ${worst.toFixed(0)} ms of ${SAMPLES} runs = ${(worst / RECONCILE_TARGET_MS).toFixed(2)} × the ${RECONCILE_TARGET_MS / 1000} s target: ${worst < RECONCILE_TARGET_MS ? 'met' : 'NOT met'}`,
  );
  console.log(
    `  liabilities ${last?.liabilities.total} (PostgreSQL's own sum ${expected}: ${last?.liabilities.total === expected ? 'equal' : 'DIFFERENT'}), reserves ${last?.reserves}, ${last?.networks.filter((n) => n.status === 'read').length} networks read`,
  );
  if (worst >= RECONCILE_TARGET_MS || last?.liabilities.total !== expected) process.exitCode = 1;

  // ---- 2. the daily proof over 1,000,000 investors ----
  const seededB = await seed(RECONCILE_INVESTORS + 1, PROOF_INVESTORS);
  const investor = await (async () => {
    const registered = await factories.investor('Reserves Bench Investor');
    await factories.fund(registered, '777.77');
    return { token: registered.accessToken, userId: registered.user.id };
  })();
  const owedUsers = Number(
    (
      await sql.query<{ n: string }>(
        `SELECT count(*) AS n FROM (SELECT user_id FROM wallet.accounts WHERE user_id IS NOT NULL
                                     GROUP BY user_id HAVING sum(balance) > 0) owed`,
      )
    ).rows[0]?.n,
  );
  console.log(
    `\nSeeded ${(PROOF_INVESTORS - RECONCILE_INVESTORS).toLocaleString('en-US')} more investors in ${seededB.toFixed(1)} s (${owedUsers.toLocaleString('en-US')} owed more than zero in the wallet); load average ${load()}`,
  );
  const reconcileAtScale = await reconcileOnce();
  console.log(
    `reconciliation, ${PROOF_INVESTORS.toLocaleString('en-US')} investors: ${reconcileAtScale.ms.toFixed(0)} ms`,
  );

  const published = () => client.ok(reserveOperations.proofOfReserves);
  const before = (await published()).builtAt;
  const rssBefore = rssOf(chainPid);
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(chainPid))), 100);
  const started = performance.now();
  const requested = await client.call(reserveOperations.buildProofOfReserves, { token: admin });
  if (requested.status !== 202)
    throw new Error(`build: ${requested.status} ${JSON.stringify(requested.body)}`);
  let report = await published();
  while (report.builtAt === before) {
    if (performance.now() - started > 300_000) throw new Error('no proof published after 300 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
    report = await published();
  }
  const buildSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const highWater = peakRssOf(chainPid);
  console.log(
    `proof build, ${report.proof?.leafCount.toLocaleString('en-US')} leaves (total ${report.proof?.total}): ${buildSeconds.toFixed(1)} s = ${(buildSeconds / BUILD_TARGET_S).toFixed(2)} × the ${BUILD_TARGET_S} s target: ${buildSeconds < BUILD_TARGET_S ? 'met' : 'NOT met'}`,
  );
  console.log(
    `  chain service RSS ${mb(rssBefore).toFixed(0)} MB before, peak ${mb(peak).toFixed(0)} MB sampled (high-water mark ${mb(highWater).toFixed(0)} MB) = ${(mb(Math.max(peak, highWater)) / RSS_TARGET_MB).toFixed(2)} × the ${RSS_TARGET_MB} MB target: ${mb(Math.max(peak, highWater)) < RSS_TARGET_MB ? 'met' : 'NOT met'}; after ${mb(rssOf(chainPid)).toFixed(0)} MB; load average ${load()}`,
  );
  if (buildSeconds >= BUILD_TARGET_S || mb(Math.max(peak, highWater)) >= RSS_TARGET_MB) process.exitCode = 1;

  const proofTimes: number[] = [];
  let proof: LiabilityProof | undefined;
  for (let i = 0; i < 20; i++) {
    const at = performance.now();
    const answer = await client.call(reserveOperations.myReserveInclusion, { token: investor.token });
    if (!answer.ok) throw new Error(`my proof: ${answer.status} ${JSON.stringify(answer.body)}`);
    proofTimes.push(performance.now() - at);
    proof = answer.body;
  }
  proofTimes.sort((a, b) => a - b);
  const verified = await verifyLiabilityProof(proof as LiabilityProof, report.proof ?? undefined);
  console.log(
    `one investor's proof through the gateway: p50 ${seconds(proofTimes[10] as number)} s, ${proof?.path.length} levels, amount ${proof?.amount}; verified against the published root: ${verified.ok ? 'yes' : `NO (${verified.reason})`}`,
  );
  if (!verified.ok) process.exitCode = 1;
} finally {
  await close();
}
