// `npm run bench:support-lists`: the admin support ticket list with 200,000 users and 200,000 tickets, and the
// notification history with 200,000 users and 100,000 sends (each to one user, every third read) plus the
// recipient picker. Prints p50 and p95 of the first page (20 rows, as the screens ask) of each filtered,
// searched or sorted list and of the counts, through the gateway with an admin's token, one request at a time.
// Target: p95 < 100 ms.
//
// The rows are seeded with SQL straight into the services' tables (their user projections, support_tickets,
// admin_sends, notifications, notification_reads), not through the API: the lists only read them, and the stack
// is thrown away at the end.
import { randomBytes } from 'node:crypto';
import { notificationOperations } from '@cropvest/contracts/notify/api';
import { supportOperations } from '@cropvest/contracts/support/api';
import { FIRST, LAST } from './names.ts';
import { latencyCase, pageCases, reportLatencies, type LatencyCase } from './latency.ts';
import { startLoadBench } from './load.ts';
import { signIn } from './stack.ts';

const ROWS = Number(process.env.BENCH_SUPPORT ?? 200_000);
const SENDS = Number(process.env.BENCH_SENDS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const TARGET_P95_MS = 100;

const TOPICS = [
  'Deposit',
  'Withdrawal',
  'Harvest',
  'Account',
  'Payout',
  'Login',
  'Statement',
  'Plan',
  'KYC',
  'Fees',
];
const STATUSES = ['open', 'in_progress', 'resolved', 'closed'];
const TYPES = ['general', 'deposit', 'withdrawal', 'investment', 'security'];

const { stack, sql, close } = await startLoadBench(4);
try {
  const admin = await signIn(stack.gatewayUrl, stack.adminEmail, stack.adminPassword);
  const seedStarted = performance.now();
  // Names: 10 × 10 words and a number, so a surname matches a tenth of the users, a full name one.
  for (const schema of ['support', 'notify'])
    await sql.query(
      `INSERT INTO ${schema}.users (id, name, email, role, version_at)
       SELECT md5('${schema}' || i)::uuid,
              ($2::text[])[1 + i % 10] || ' ' || ($3::text[])[1 + (i / 10) % 10] || ' ' || i,
              lower(($2::text[])[1 + i % 10]) || '.' || i || '@bench.example', 'investor', now()
         FROM generate_series(1, $1::int) AS i`,
      [ROWS, FIRST, LAST],
    );
  await sql.query(
    `INSERT INTO support.support_tickets (id, user_id, subject, category, priority, description, status,
       resolved_at, created_at, updated_at)
     SELECT gen_random_uuid(), md5('support' || i)::uuid,
            ($2::text[])[1 + i % 10] || ' question ' || i, 'other', 'medium', 'Please help with my account.',
            ($3::text[])[1 + i % 4], CASE WHEN i % 4 >= 2 THEN now() END,
            now() - (i || ' minutes')::interval, now() - (i || ' seconds')::interval
       FROM generate_series(1, $1::int) AS i`,
    [ROWS, TOPICS, STATUSES],
  );
  await sql.query(
    `INSERT INTO notify.admin_sends (id, title, message, type, user_ids, created_by, created_at)
     SELECT md5('send' || i)::uuid, ($2::text[])[1 + i % 10] || ' update ' || i, 'Message number ' || i,
            ($3::text[])[1 + i % 5], ARRAY[md5('notify' || (1 + i % $4::int))::uuid], gen_random_uuid(),
            now() - (i || ' minutes')::interval
       FROM generate_series(1, $1::int) AS i`,
    [SENDS, TOPICS, TYPES, ROWS],
  );
  await sql.query(
    `INSERT INTO notify.notifications (id, user_id, title, message, type, send_id, created_at)
     SELECT md5('note' || s.id)::uuid, s.user_ids[1], s.title, s.message, s.type, s.id, s.created_at
       FROM notify.admin_sends s`,
  );
  await sql.query(
    `INSERT INTO notify.notification_reads (user_id, notification_id)
     SELECT n.user_id, n.id FROM notify.notifications n WHERE get_byte(decode(md5(n.id::text), 'hex'), 0) % 3 = 0`,
  );
  // VACUUM as autovacuum would after such an insert: it sets the visibility map the counts' index-only scans read.
  for (const table of [
    'support.users',
    'support.support_tickets',
    'notify.users',
    'notify.admin_sends',
    'notify.notifications',
    'notify.notification_reads',
  ])
    await sql.query(`VACUUM ANALYZE ${table}`);
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const tickets = pageCases(supportOperations.adminTickets, 20);
  const sends = pageCases(notificationOperations.adminNotifications, 20);
  const picker = pageCases(notificationOperations.notificationRecipients, 8);
  const cases: LatencyCase[] = [
    tickets('tickets: all, newest'),
    tickets('tickets: open', () => ({ status: 'open' })),
    tickets('tickets: closed, updated', () => ({ status: 'closed', sort: '-updatedAt' })),
    tickets('tickets: page 50', () => ({ page: 50 })),
    tickets('tickets: subject topic', (i) => ({ q: TOPICS[i % 10] })),
    tickets('tickets: surname (1/10)', (i) => ({ q: LAST[i % 10] })),
    tickets('tickets: one full name', (i) => ({ q: `${FIRST[i % 10]} ${LAST[0]} 1${i}0` })),
    tickets('tickets: email fragment', (i) => ({ q: `.${1000 + i * 37}@bench` })),
    tickets('tickets: open + surname', (i) => ({ status: 'open', q: LAST[i % 10] })),
    tickets('tickets: no match', () => ({ q: randomBytes(6).toString('hex') })),
    latencyCase('tickets: counts', supportOperations.adminTicketCounts),
    latencyCase('tickets: counts, surname', supportOperations.adminTicketCounts, (i) => ({
      query: { q: LAST[i % 10] },
    })),
    sends('sends: all, newest'),
    sends('sends: latest 10', () => ({ pageSize: 10 })),
    sends('sends: security', () => ({ type: 'security' })),
    sends('sends: by title', () => ({ sort: 'title' })),
    sends('sends: page 50', () => ({ page: 50 })),
    sends('sends: title topic', (i) => ({ q: TOPICS[i % 10] })),
    sends('sends: one message', (i) => ({ q: `number ${5000 + i * 13}` })),
    sends('sends: no match', () => ({ q: randomBytes(6).toString('hex') })),
    latencyCase('sends: counts', notificationOperations.adminNotificationCounts),
    picker('picker: first page'),
    picker('picker: surname', (i) => ({ q: LAST[i % 10] })),
    picker('picker: email fragment', (i) => ({ q: `.${2000 + i * 41}@bench` })),
  ];

  console.log(
    `\nAdmin support and notification lists through the gateway: ${ROWS} users and tickets, ${SENDS} sends (seeded in ${seedSeconds.toFixed(1)} s); ${SAMPLES} sequential requests per case`,
  );
  await reportLatencies(stack.gatewayUrl, admin, cases, SAMPLES, TARGET_P95_MS);
} finally {
  await close();
}
