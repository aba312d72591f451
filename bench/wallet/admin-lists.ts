// `npm run bench:admin-lists`: the admin desk's deposit and withdrawal lists with 200,000 users, 200,000
// deposits and 200,000 withdrawals. Prints p50 and p95 of the first page (20 rows, as the screens ask) of each
// filtered, searched or sorted list, and of the counts, through the gateway with an admin's token, one request
// at a time. Target: p95 under 100 ms.
//
// The rows are seeded with SQL straight into the wallet's tables (the user_directory projection, deposits and
// withdrawals), not through the API: the lists only read them. Approved rows have no ledger transfers, so this
// stack's ledger check would fail; it is thrown away at the end.
import { randomBytes } from 'node:crypto';
import { startLoadBench } from '../support/load.ts';
import { signIn } from '../support/stack.ts';

const USERS = Number(process.env.BENCH_USERS ?? 200_000);
const DEPOSITS = Number(process.env.BENCH_DEPOSITS ?? 200_000);
const WITHDRAWALS = Number(process.env.BENCH_WITHDRAWALS ?? 200_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const TARGET_P95_MS = 100;

const FIRST = ['Amina', 'Bruno', 'Chen', 'Dara', 'Elif', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jonas'];
const LAST = [
  'Okafor',
  'Silva',
  'Nakamura',
  'Kowalski',
  'Haddad',
  'Moreau',
  'Petrov',
  'Mensah',
  'Larsen',
  'Ortega',
];

const { stack, sql, close } = await startLoadBench(4);
try {
  const admin = await signIn(stack.gatewayUrl, stack.adminEmail, stack.adminPassword);
  const seedStarted = performance.now();
  // Names: 10 × 10 words and a number, so a surname matches a tenth of the users, a full name one.
  await sql.query(`SET search_path TO wallet`);
  await sql.query(
    `INSERT INTO wallet.user_directory (user_id, name, email, role)
     SELECT gen_random_uuid(),
            ($2::text[])[1 + i % 10] || ' ' || ($3::text[])[1 + (i / 10) % 10] || ' ' || i,
            lower(($2::text[])[1 + i % 10]) || '.' || i || '@bench.example', 'investor'
       FROM generate_series(1, $1::int) AS i`,
    [USERS, FIRST, LAST],
  );
  const seedRequests = async (table: 'deposits' | 'withdrawals', count: number) =>
    sql.query(
      `WITH users AS (SELECT user_id, row_number() OVER () AS n FROM wallet.user_directory)
       INSERT INTO wallet.${table} (id, user_id, amount, ${table === 'deposits' ? 'txid' : 'wallet_address'},
                                    status, approved_by, approved_at, created_at)
       SELECT gen_random_uuid(), u.user_id, (1 + (i * 7919) % 5000)::numeric(18,8),
              ${table === 'deposits' ? `md5(i::text || 'tx')` : `'T' || substr(md5(i::text || 'addr'), 1, 33)`},
              s.status,
              CASE WHEN s.status = 'approved' THEN gen_random_uuid() END,
              CASE WHEN s.status = 'approved' THEN now() END,
              now() - (i || ' minutes')::interval
         FROM generate_series(1, $1::int) AS i
         JOIN users u ON u.n = 1 + (i::bigint * 104729) % $2::int
         CROSS JOIN LATERAL (SELECT CASE WHEN i % 10 = 0 THEN 'pending'
                                         WHEN i % 10 = 1 THEN 'rejected' ELSE 'approved' END AS status) s`,
      [count, USERS],
    );
  await seedRequests('deposits', DEPOSITS);
  await seedRequests('withdrawals', WITHDRAWALS);
  await sql.query(`ANALYZE wallet.user_directory; ANALYZE wallet.deposits; ANALYZE wallet.withdrawals`);
  const seedSeconds = (performance.now() - seedStarted) / 1000;

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

  /** Each case is a function of the sample number, so searches vary between samples. */
  const cases: [name: string, path: (i: number) => string][] = [
    ['deposits: all, newest first', () => '/api/admin/deposits?pageSize=20'],
    ['deposits: pending', () => '/api/admin/deposits?pageSize=20&status=pending'],
    [
      'deposits: approved, largest first',
      () => '/api/admin/deposits?pageSize=20&status=approved&sort=-amount',
    ],
    ['deposits: page 50 of all', () => '/api/admin/deposits?pageSize=20&page=50'],
    ['deposits: surname (1/10 of users)', (i) => `/api/admin/deposits?pageSize=20&q=${LAST[i % 10]}`],
    [
      'deposits: one full name',
      (i) => `/api/admin/deposits?pageSize=20&q=${encodeURIComponent(`${FIRST[i % 10]} ${LAST[0]} 1${i}0`)}`,
    ],
    ['deposits: email fragment', (i) => `/api/admin/deposits?pageSize=20&q=.${1000 + i * 37}@bench`],
    ['deposits: txid fragment', () => `/api/admin/deposits?pageSize=20&q=${someTxid.slice(4, 16)}`],
    [
      'deposits: pending + surname',
      (i) => `/api/admin/deposits?pageSize=20&status=pending&q=${LAST[i % 10]}`,
    ],
    ['deposits: no match', () => `/api/admin/deposits?pageSize=20&q=${randomBytes(6).toString('hex')}`],
    ['deposits: counts', () => '/api/admin/deposits/counts'],
    ['deposits: counts for a surname', (i) => `/api/admin/deposits/counts?q=${LAST[i % 10]}`],
    ['withdrawals: pending', () => '/api/admin/withdrawals?pageSize=20&status=pending'],
    [
      'withdrawals: address fragment',
      () => `/api/admin/withdrawals?pageSize=20&q=${someAddress.slice(3, 15)}`,
    ],
    ['withdrawals: surname', (i) => `/api/admin/withdrawals?pageSize=20&q=${LAST[i % 10]}`],
    ['withdrawals: counts', () => '/api/admin/withdrawals/counts'],
  ];

  const measure = async (path: (i: number) => string) => {
    const latencies: number[] = [];
    let total = '';
    for (let i = -5; i < SAMPLES; i++) {
      const started = performance.now();
      const response = await fetch(`${stack.gatewayUrl}${path(Math.abs(i))}`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path(i)} answered ${response.status}`);
      if (i >= 0) latencies.push(performance.now() - started);
      total = response.headers.get('x-total-count') ?? '-';
    }
    latencies.sort((a, b) => a - b);
    const pct = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
    return { p50: pct(0.5), p95: pct(0.95), total };
  };

  console.log(
    `\nAdmin lists through the gateway: ${USERS} users, ${DEPOSITS} deposits, ${WITHDRAWALS} withdrawals (seeded in ${seedSeconds.toFixed(1)} s); ${SAMPLES} sequential requests per case`,
  );
  let worst = 0;
  for (const [name, path] of cases) {
    const { p50, p95, total } = await measure(path);
    worst = Math.max(worst, p95);
    console.log(
      `${name.padEnd(36)} p50 ${p50.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   total ${total}`,
    );
  }
  console.log(
    `worst p95 ${worst.toFixed(1)} ms: target under ${TARGET_P95_MS} ms ${worst < TARGET_P95_MS ? 'met' : 'NOT met'}`,
  );
  if (worst >= TARGET_P95_MS) process.exitCode = 1;
} finally {
  await close();
}
