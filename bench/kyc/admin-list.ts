// `npm run bench:kyc-list`: the admin KYC list with 200,000 users and 200,000 submissions (one
// each). Prints p50 and p95 of the first page (20 rows, as the screen asks) of each filtered, searched or sorted
// list, and of the counts, through the gateway with an admin's token, one request at a time. Target: p95 < 100 ms.
//
// The rows are seeded with SQL straight into KYC's tables (the users projection and kyc_documents), not through
// the API: the list only reads them, and the stack is thrown away at the end.
import { randomBytes } from 'node:crypto';
import { kycOperations } from '@cropvest/contracts/kyc/api';
import { FIRST, LAST } from '../support/names.ts';
import { latencyCase, pageCases, reportLatencies, type LatencyCase } from '../support/latency.ts';
import { startLoadBench } from '../support/load.ts';
import { signIn } from '../support/stack.ts';

const ROWS = Number(process.env.BENCH_KYC ?? 200_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const TARGET_P95_MS = 100;

const { stack, sql, close } = await startLoadBench(4);
try {
  const admin = await signIn(stack.gatewayUrl, stack.adminEmail, stack.adminPassword);
  const seedStarted = performance.now();
  // Names: 10 × 10 words and a number, so a surname matches a tenth of the submissions, a full name one.
  await sql.query(
    `INSERT INTO kyc.users (id, name, email, role, version_at)
     SELECT gen_random_uuid(),
            ($2::text[])[1 + i % 10] || ' ' || ($3::text[])[1 + (i / 10) % 10] || ' ' || i,
            lower(($2::text[])[1 + i % 10]) || '.' || i || '@bench.example', 'investor', now()
       FROM generate_series(1, $1::int) AS i`,
    [ROWS, FIRST, LAST],
  );
  await sql.query(
    `INSERT INTO kyc.kyc_documents (id, user_id, first_name, last_name, date_of_birth, nationality, address, city,
       country, postal_code, phone_number, id_type, id_number, id_document_front_url, selfie_url,
       proof_of_address_url, status, reviewed_by, reviewed_at, rejection_reason, submitted_at)
     SELECT gen_random_uuid(), u.id, split_part(u.name, ' ', 1), split_part(u.name, ' ', 2) || ' ' || split_part(u.name, ' ', 3),
            '1990-01-01', 'Kenyan', '1 Farm Road', 'Nakuru', 'Kenya', '20100', '+254 700 000 000', 'passport',
            upper(substr(md5(u.id::text), 1, 9)), '/objects/kyc-documents/x/front', '/objects/kyc-documents/x/selfie',
            '/objects/kyc-documents/x/proof', s.status,
            CASE WHEN s.status <> 'pending' THEN gen_random_uuid() END,
            CASE WHEN s.status <> 'pending' THEN now() END,
            CASE WHEN s.status = 'rejected' THEN 'Blurred photo' END,
            now() - (n || ' minutes')::interval
       FROM (SELECT id, name, row_number() OVER () AS n FROM kyc.users) u
       CROSS JOIN LATERAL (SELECT CASE WHEN u.n % 10 = 0 THEN 'pending'
                                       WHEN u.n % 10 = 1 THEN 'rejected' ELSE 'approved' END AS status) s`,
  );
  await sql.query(`ANALYZE kyc.users; ANALYZE kyc.kyc_documents`);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const someIdNumber = (
    await sql.query<{ id_number: string }>(
      `SELECT id_number FROM kyc.kyc_documents ORDER BY submitted_at LIMIT 1 OFFSET 777`,
    )
  ).rows[0]!.id_number;

  const list = pageCases(kycOperations.adminKyc, 20);
  /** Each case is a function of the sample number, so searches vary between samples. */
  const cases: LatencyCase[] = [
    list('all, newest first'),
    list('pending', () => ({ status: 'pending' })),
    list('approved, by name', () => ({ status: 'approved', sort: 'name' })),
    list('page 50 of all', () => ({ page: 50 })),
    list('surname (1/10)', (i) => ({ q: LAST[i % 10] })),
    list('one full name', (i) => ({ q: `${FIRST[i % 10]} ${LAST[0]} 1${i}0` })),
    list('email fragment', (i) => ({ q: `.${1000 + i * 37}@bench` })),
    list('ID number fragment', () => ({ q: someIdNumber.slice(1, 8) })),
    list('pending + surname', (i) => ({ status: 'pending', q: LAST[i % 10] })),
    list('no match', () => ({ q: randomBytes(6).toString('hex') })),
    latencyCase('counts', kycOperations.adminKycCounts),
    latencyCase('counts for a surname', kycOperations.adminKycCounts, (i) => ({
      query: { q: LAST[i % 10] },
    })),
  ];

  console.log(
    `\nAdmin KYC list through the gateway: ${ROWS} users and submissions (seeded in ${seedSeconds.toFixed(1)} s); ${SAMPLES} sequential requests per case`,
  );
  await reportLatencies(stack.gatewayUrl, admin, cases, SAMPLES, TARGET_P95_MS);
} finally {
  await close();
}
