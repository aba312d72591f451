// `npm run bench:wallet`: deposit approvals per second and withdrawal requests per second with 100 concurrent
// clients on ONE user's balance, through the gateway, beside a raw SQL baseline of the same row updates
// (no HTTP, no auth, no ledger entries, no outbox) run by this benchmark in the same run on the same
// database. The load generator shares the machine's cores with everything else: read the ratio.
// Then the account statement (statement.ts): a year of 100,000 movements streamed as CSV and PDF through the
// gateway, with the wallet's memory growth during each download.
import { randomUUID } from 'node:crypto';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { drive, rawTransaction, startLoadBench, type DriveResult } from '../support/load.ts';
import { benchFactories, checkWalletLedger, signIn } from '../support/stack.ts';
import { benchStatement, type DownloadFigures } from './statement.ts';

const CLIENTS = 100;
const OPERATIONS = Number(process.env.BENCH_OPERATIONS ?? 2000);
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

const { stack, sql, close } = await startLoadBench(CLIENTS);
try {
  const admin = await signIn(stack.gatewayUrl, stack.adminEmail, stack.adminPassword);
  const factories = benchFactories(stack.gatewayUrl, admin);
  const client = factories.client;
  const investorToken = await signIn(stack.gatewayUrl, stack.investorEmail, stack.investorPassword);
  const investor = { accessToken: investorToken };

  // Setup (not measured): one investor's KYC, submitted and approved by the admin as the factories do it.
  await factories.approveKyc(investor);

  // Setup (not measured): pending deposits to approve, created through the API.
  const depositIds: string[] = [];
  await drive(OPERATIONS, 20, async () => {
    const r = await client.call(walletOperations.createDeposit, {
      token: investorToken,
      body: { amount: '2' },
    });
    if (r.ok && r.status === 201) depositIds.push(r.body.id);
    return r.status === 201;
  });
  // The approval reaches the wallet as an event: wait until a withdrawal is no longer refused for KYC (403).
  for (let i = 0; i < 50; i++) {
    const probe = await client.call(walletOperations.requestWithdrawal, {
      token: investorToken,
      body: { amount: '1000000000', walletAddress: TRON_ADDRESS },
    });
    if (probe.status !== 403) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const approve = async (id: string | undefined) =>
    (
      await client.call(walletOperations.reviewDeposit, {
        token: admin,
        path: { id: id ?? '' },
        body: { status: 'approved' },
      })
    ).status === 200;

  // Warm-up: JIT, pools.
  await drive(50, 10, (i) => approve(depositIds[i]));

  const approvals = await drive(OPERATIONS - 50, CLIENTS, (i) => approve(depositIds[i + 50]));
  const withdrawals = await drive(
    OPERATIONS,
    CLIENTS,
    async () =>
      (
        await client.call(walletOperations.requestWithdrawal, {
          token: investorToken,
          body: { amount: '1', walletAddress: TRON_ADDRESS },
        })
      ).status === 201,
  );

  // Raw SQL baseline: the same row updates with nothing around them, in a scratch schema.
  await sql.query(`DROP SCHEMA IF EXISTS bench_raw CASCADE; CREATE SCHEMA bench_raw;
    CREATE TABLE bench_raw.accounts (id int PRIMARY KEY, balance numeric(18,8) NOT NULL, CHECK (id = 1 OR balance >= 0));
    CREATE TABLE bench_raw.deposits (id uuid PRIMARY KEY, amount numeric(18,8) NOT NULL, status text NOT NULL, approved_by uuid, approved_at timestamptz);
    CREATE TABLE bench_raw.withdrawals (id uuid PRIMARY KEY, amount numeric(18,8) NOT NULL, wallet_address text NOT NULL, status text NOT NULL DEFAULT 'pending');
    INSERT INTO bench_raw.accounts VALUES (1, 0), (2, 0), (3, 0);`);
  const rawIds = Array.from({ length: OPERATIONS }, () => randomUUID());
  await sql.query(
    `INSERT INTO bench_raw.deposits (id, amount, status) SELECT unnest($1::uuid[]), 2, 'pending'`,
    [rawIds],
  );
  const inTx = (statements: [string, unknown[]][]) =>
    rawTransaction(sql, async (client) => {
      for (const [text, values] of statements) await client.query(text, values);
      return true;
    });
  const adminId = randomUUID();
  const rawApprovals = await drive(OPERATIONS, CLIENTS, (i) =>
    inTx([
      [
        `UPDATE bench_raw.deposits SET status = 'approved', approved_by = $2, approved_at = now() WHERE id = $1 AND status = 'pending'`,
        [rawIds[i], adminId],
      ],
      ['UPDATE bench_raw.accounts SET balance = balance - 2 WHERE id = 1', []],
      ['UPDATE bench_raw.accounts SET balance = balance + 2 WHERE id = 2', []],
    ]),
  );
  const rawWithdrawals = await drive(OPERATIONS, CLIENTS, () =>
    inTx([
      [
        'INSERT INTO bench_raw.withdrawals (id, amount, wallet_address) VALUES ($1, 1, $2)',
        [randomUUID(), TRON_ADDRESS],
      ],
      ['UPDATE bench_raw.accounts SET balance = balance - 1 WHERE id = 2', []],
      ['UPDATE bench_raw.accounts SET balance = balance + 1 WHERE id = 3', []],
    ]),
  );
  await sql.query('DROP SCHEMA bench_raw CASCADE');

  const statement = await benchStatement(stack, sql, factories);

  const ledger = await checkWalletLedger(stack.databaseUrl);

  const row = (name: string, m: DriveResult) =>
    `${name.padEnd(34)} ${m.perSecond.toFixed(0).padStart(6)} /s   p50 ${m.p50.toFixed(1).padStart(6)} ms   p99 ${m.p99.toFixed(1).padStart(7)} ms   failures ${m.failures}`;
  console.log(`\nWallet, ${CLIENTS} concurrent clients on one user's balance, ${OPERATIONS} operations each`);
  console.log(row('deposit approvals (gateway)', approvals));
  console.log(row('deposit approvals (raw SQL)', rawApprovals));
  console.log(`  ratio service/raw: ${(approvals.perSecond / rawApprovals.perSecond).toFixed(2)}`);
  console.log(row('withdrawal requests (gateway)', withdrawals));
  console.log(row('withdrawal requests (raw SQL)', rawWithdrawals));
  console.log(`  ratio service/raw: ${(withdrawals.perSecond / rawWithdrawals.perSecond).toFixed(2)}`);
  const download = (name: string, d: DownloadFigures) =>
    `${name.padEnd(34)} rows ${d.rows} in ${d.seconds.toFixed(2).padStart(5)} s   ${d.rowsPerSecond.toFixed(0).padStart(6)} rows/s   ${(d.bytes / 1024 / 1024).toFixed(1)} MB sent   wallet RSS growth ${d.rssGrowthMb.toFixed(1)} MB`;
  console.log(
    `\nAccount statement of one investor, a year with ${statement.cold.rows} movements (seeded in ${statement.seedSeconds.toFixed(1)} s)`,
  );
  console.log(download('CSV through the gateway (cold)', statement.cold));
  console.log(download('CSV through the gateway (warm)', statement.warm));
  console.log(download('PDF through the gateway', statement.pdf));
  const closingMatches = [statement.cold.closing, statement.warm.closing].every(
    (closing) => closing === statement.liveBalance,
  );
  const targetsMet = statement.cold.seconds < 5 && statement.cold.rssGrowthMb < 50;
  console.log(
    `  closing balance ${statement.cold.closing} ${closingMatches ? '=' : 'DIFFERS FROM'} the ledger's ${statement.liveBalance}; CSV under 5 s with under 50 MB RSS growth: ${targetsMet ? 'met' : 'NOT met'}`,
  );
  console.log(
    `ledger check after the run: ${ledger.ok ? 'passed' : `FAILED: ${ledger.problems.join('; ')}`} (${ledger.transfers} transfers)`,
  );
  if (!ledger.ok || approvals.failures || withdrawals.failures || !closingMatches) process.exitCode = 1;
} finally {
  await close();
}
