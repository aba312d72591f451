// `npm run bench:admin-lists`: the admin desk's deposit and withdrawal lists with 200,000 users, 200,000
// deposits and 200,000 withdrawals. Prints p50 and p95 of the first page (20 rows, as the screens ask) of each
// filtered, searched or sorted list, and of the counts, through the gateway with an admin's token, one request
// at a time. Target: p95 under 100 ms.
//
// The rows are seeded with SQL (seed-requests.ts).
import { randomBytes } from 'node:crypto';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { latencyCase, pageCases, reportLatencies, type LatencyCase } from '../support/latency.ts';
import { startLoadBench } from '../support/load.ts';
import { signIn } from '../support/stack.ts';
import { FIRST, LAST } from '../support/names.ts';
import { seedTransferRequests } from './seed-requests.ts';

const USERS = Number(process.env.BENCH_USERS ?? 200_000);
const DEPOSITS = Number(process.env.BENCH_DEPOSITS ?? 200_000);
const WITHDRAWALS = Number(process.env.BENCH_WITHDRAWALS ?? 200_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const TARGET_P95_MS = 100;

const { stack, sql, close } = await startLoadBench(4);
try {
  const admin = await signIn(stack.gatewayUrl, stack.adminEmail, stack.adminPassword);
  const seedSeconds = await seedTransferRequests(sql, {
    users: USERS,
    deposits: DEPOSITS,
    withdrawals: WITHDRAWALS,
  });

  const someTxid = (
    await sql.query<{ txid: string }>(
      `SELECT txid FROM wallet.deposits ORDER BY created_at LIMIT 1 OFFSET 777`,
    )
  ).rows[0]!.txid;
  const someAddress = (
    await sql.query<{ wallet_address: string }>(
      `SELECT wallet_address FROM wallet.withdrawals ORDER BY created_at LIMIT 1 OFFSET 4242`,
    )
  ).rows[0]!.wallet_address;

  const deposits = pageCases(walletOperations.adminDeposits, 20);
  const withdrawals = pageCases(walletOperations.adminWithdrawals, 20);
  /** Each case is a function of the sample number, so searches vary between samples. */
  const cases: LatencyCase[] = [
    deposits('deposits: all, newest first'),
    deposits('deposits: pending', () => ({ status: 'pending' })),
    deposits('deposits: approved, largest first', () => ({ status: 'approved', sort: '-amount' })),
    deposits('deposits: page 50 of all', () => ({ page: 50 })),
    deposits('deposits: surname (1/10 of users)', (i) => ({ q: LAST[i % 10] })),
    deposits('deposits: one full name', (i) => ({ q: `${FIRST[i % 10]} ${LAST[0]} 1${i}0` })),
    deposits('deposits: email fragment', (i) => ({ q: `.${1000 + i * 37}@bench` })),
    deposits('deposits: txid fragment', () => ({ q: someTxid.slice(4, 16) })),
    deposits('deposits: pending + surname', (i) => ({ status: 'pending', q: LAST[i % 10] })),
    deposits('deposits: no match', () => ({ q: randomBytes(6).toString('hex') })),
    latencyCase('deposits: counts', walletOperations.adminDepositCounts),
    latencyCase('deposits: counts for a surname', walletOperations.adminDepositCounts, (i) => ({
      query: { q: LAST[i % 10] },
    })),
    withdrawals('withdrawals: pending', () => ({ status: 'pending' })),
    withdrawals('withdrawals: address fragment', () => ({ q: someAddress.slice(3, 15) })),
    withdrawals('withdrawals: surname', (i) => ({ q: LAST[i % 10] })),
    latencyCase('withdrawals: counts', walletOperations.adminWithdrawalCounts),
  ];

  console.log(
    `\nAdmin lists through the gateway: ${USERS} users, ${DEPOSITS} deposits, ${WITHDRAWALS} withdrawals (seeded in ${seedSeconds.toFixed(1)} s); ${SAMPLES} sequential requests per case`,
  );
  await reportLatencies(stack.gatewayUrl, admin, cases, SAMPLES, TARGET_P95_MS);
} finally {
  await close();
}
