// `npm run bench:user-lists`: the admin's user lists (All Users, User Management, Manage Investors) with 200,000
// users. Prints p50 and p95 of the first page (20 rows, as the screens ask) of each filtered, searched or sorted
// list, of the counts and of the investors' summary, through the gateway with an admin's token, one request at a
// time. Target: p95 under 100 ms.
//
// The users are seeded with SQL straight into identity's table, not through the API (registration hashes each
// password on purpose slowly): the lists only read them, and the stack is thrown away at the end.
import { randomBytes } from 'node:crypto';
import { identityOperations } from '@cropvest/contracts/identity/api';
import type { OperationQuery } from '@cropvest/contracts/operation-call';
import { latencyCase, pageCases, reportLatencies, type LatencyCase } from '../support/latency.ts';
import { startLoadBench } from '../support/load.ts';
import { signIn } from '../support/stack.ts';
import { FIRST, LAST } from '../support/names.ts';

const USERS = Number(process.env.BENCH_USERS ?? 200_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const TARGET_P95_MS = 100;

type UsersQuery = OperationQuery<typeof identityOperations.adminUsers>;

const { stack, sql, close } = await startLoadBench(4);
try {
  const admin = await signIn(stack.gatewayUrl, stack.adminEmail, stack.adminPassword);
  const seedStarted = performance.now();
  // Names from 10 × 10 words and a number (a surname matches a tenth, a full name one); one in 50 an admin, one in
  // 20 banned with a reason; balances spread over 0–5,000; a minute apart.
  await sql.query(
    `INSERT INTO identity.users (id, name, email, password_hash, role, is_banned, ban_reason, banned_at, balance,
                                 created_at, updated_at)
     SELECT gen_random_uuid(),
            ($2::text[])[1 + i % 10] || ' ' || ($3::text[])[1 + (i / 10) % 10] || ' ' || i,
            lower(($2::text[])[1 + i % 10]) || '.' || i || '@bench.example', 'not-a-hash',
            CASE WHEN i % 50 = 0 THEN 'admin' ELSE 'investor' END,
            i % 20 = 7, CASE WHEN i % 20 = 7 THEN 'Benchmark ban ' || i END, CASE WHEN i % 20 = 7 THEN now() END,
            ((i * 7919) % 500000)::numeric / 100,
            now() - (i || ' minutes')::interval, now()
       FROM generate_series(1, $1::int) AS i`,
    [USERS, FIRST, LAST],
  );
  // VACUUM as autovacuum would after such an insert: it sets the visibility map the counts' index-only scans read.
  await sql.query('VACUUM ANALYZE identity.users');
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const someId = (
    await sql.query<{ id: string }>(`SELECT id FROM identity.users ORDER BY created_at LIMIT 1 OFFSET 4242`)
  ).rows[0]!.id;

  const users = pageCases(identityOperations.adminUsers, 20);
  const investors = (name: string, filters: (sample: number) => UsersQuery = () => ({})) =>
    users(name, (i) => ({ role: 'investor', ...filters(i) }));
  const cases: LatencyCase[] = [
    users('users: all, newest'),
    users('users: banned', () => ({ status: 'banned' })),
    users('users: active', () => ({ status: 'active' })),
    users('users: page 50', () => ({ page: 50 })),
    users('users: surname (1/10)', (i) => ({ q: LAST[i % 10] })),
    users('users: one full name', (i) => ({ q: `${FIRST[i % 10]} ${LAST[0]} 1${i}0` })),
    users('users: email fragment', (i) => ({ q: `.${1000 + i * 37}@bench` })),
    users('users: whole email', (i) => ({
      q: `${FIRST[(2000 + i) % 10]!.toLowerCase()}.${2000 + i}@bench.example`,
    })),
    users('users: by name', () => ({ sort: 'name' })),
    users('users: balance, highest', () => ({ sort: '-balance' })),
    users('users: banned + surname', (i) => ({ status: 'banned', q: LAST[i % 10] })),
    users('users: no match', () => ({ q: randomBytes(6).toString('hex') })),
    latencyCase('users: counts', identityOperations.adminUserCounts),
    latencyCase('users: counts, surname', identityOperations.adminUserCounts, (i) => ({
      query: { q: LAST[i % 10] },
    })),
    investors('investors: newest'),
    investors('investors: by name', () => ({ sort: 'name' })),
    investors('investors: balance, highest', () => ({ sort: '-balance' })),
    investors('investors: surname by balance', (i) => ({ sort: '-balance', q: LAST[i % 10] })),
    investors('investors: by id', () => ({ q: someId })),
    latencyCase('investors: summary', identityOperations.adminInvestorSummary),
  ];

  console.log(
    `\nAdmin user lists through the gateway: ${USERS} users (seeded in ${seedSeconds.toFixed(1)} s); ${SAMPLES} sequential requests per case`,
  );
  await reportLatencies(stack.gatewayUrl, admin, cases, SAMPLES, TARGET_P95_MS);
} finally {
  await close();
}
