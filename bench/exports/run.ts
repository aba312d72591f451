// `npm run bench:exports`: the ledger-entries export (issue 13 section 5) over BENCH_LEDGER_ENTRIES (1,000,000)
// entries, streamed through the gateway with an admin's token and read as it arrives. Prints the rows per second
// (target: at least 50,000) and the wallet's resident memory before, at its peak during the export, and the
// growth (target: peak below 100 MB), sampled from the wallet's own /metrics, with the machine's load average.
//
// The entries are seeded with set-based SQL straight into the wallet's tables (as bench:reports does): transfers
// between two platform accounts, two balanced entries each, spread over the last year, written with the triggers
// off (session_replication_role = replica), so this stack's balances do not follow from its ledger; it is thrown
// away at the end.
import os from 'node:os';
import { EXPORT_COLUMNS, EXPORT_PATHS } from '@cropvest/contracts';
import { seedRaw, startLoadBench, vacuumAnalyze } from '../support/load.ts';
import { signIn } from '../support/stack.ts';

const LEDGER_ENTRIES = Number(process.env.BENCH_LEDGER_ENTRIES ?? 1_000_000);
const TARGET_ROWS_PER_SECOND = 50_000;
const TARGET_PEAK_RSS_MB = 100;
const SAMPLE_EVERY_MS = 25;
const MB = 1024 * 1024;

interface Memory {
  rss: number;
  /** The V8 heap reserved and in use, and the memory outside it (Buffers): where a growth of the RSS lives. */
  heapTotal: number;
  heapUsed: number;
  external: number;
}

/** The wallet's memory in bytes, as its own Prometheus endpoint reports it. */
async function walletMemory(metricsUrl: string): Promise<Memory> {
  const text = await (await fetch(metricsUrl)).text();
  const read = (name: string) => {
    const match = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+(?:\\.\\d+)?)`, 'm').exec(text);
    if (!match) throw new Error(`the wallet does not report ${name}`);
    return Number(match[1]);
  };
  return {
    rss: read('process_resident_memory_bytes'),
    heapTotal: read('nodejs_heap_size_total_bytes'),
    heapUsed: read('nodejs_heap_size_used_bytes'),
    external: read('nodejs_external_memory_bytes'),
  };
}

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const { stack, sql, close } = await startLoadBench(2);
try {
  const admin = await signIn(stack.gatewayUrl, stack.adminEmail, stack.adminPassword);
  const seedStarted = performance.now();
  await seedRaw(sql, async (client) => {
    await client.query(
      `WITH a AS (SELECT (SELECT id FROM wallet.accounts WHERE kind = 'deposits_inflow' AND user_id IS NULL) AS debit,
                         (SELECT id FROM wallet.accounts WHERE kind = 'adjustments' AND user_id IS NULL) AS credit),
       t AS (
         INSERT INTO wallet.transfers (id, idempotency_key, kind, debit_account_id, credit_account_id, amount, user_id,
                                       reference_id, memo, created_at)
         SELECT gen_random_uuid(), 'bench-export-' || i, (ARRAY['deposit', 'investment', 'harvest_interest'])[1 + i % 3],
                a.debit, a.credit, (10 + i % 990) + (i % 100000000) / 100000000.0, gen_random_uuid(),
                'ref-' || i, CASE WHEN i % 7 = 0 THEN 'Bench memo, "quoted"' END,
                now() - ((i % 365) || ' days')::interval
           FROM generate_series(1, $1::int) AS i CROSS JOIN a
         RETURNING id, debit_account_id, credit_account_id, amount, created_at)
       INSERT INTO wallet.ledger_entries (transfer_id, account_id, amount, balance_after, created_at)
       SELECT id, debit_account_id, -amount, 0, created_at FROM t
       UNION ALL
       SELECT id, credit_account_id, amount, 0, created_at FROM t`,
      [Math.ceil(LEDGER_ENTRIES / 2)],
    );
  });
  await vacuumAnalyze(sql, ['wallet.transfers', 'wallet.ledger_entries']);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const { rows: counted } = await sql.query<{ entries: string }>(
    'SELECT count(*) AS entries FROM wallet.ledger_entries',
  );
  const entries = Number(counted[0]?.entries);

  const metrics = stack.metrics.wallet as string;
  const before = await walletMemory(metrics);
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const now = await walletMemory(metrics);
      if (now.rss > peak.rss) peak = now;
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
    }
  })();
  const loadBefore = load();
  const started = performance.now();
  // Read as it streams (fetch, not the tests' client, which would wait for the whole body to parse it).
  const response = await fetch(`${stack.gatewayUrl}${EXPORT_PATHS['ledger-entries']}`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  if (response.status !== 200 || !response.body)
    throw new Error(`export: ${response.status} ${await response.text()}`);
  let lines = 0;
  let bytes = 0;
  let firstLine = '';
  for await (const piece of response.body) {
    const chunk = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    if (!firstLine) firstLine = chunk.toString('utf8').split('\n')[0] ?? '';
    bytes += chunk.length;
    // indexOf runs natively: counting byte by byte in JS would take the reader's CPU from the service measured.
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;

  // No field of this ledger holds a line break, so every line but the header is one entry.
  const rows = lines - 1;
  const announced = Number(response.headers.get('x-total-count'));
  const rowsPerSecond = rows / seconds;
  const peakMb = peak.rss / MB;
  const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
  const report = [
    `Ledger-entries export through the gateway (${os.cpus().length} cores; load average before ${loadBefore}, after ${load()})`,
    `  seeded ${entries.toLocaleString('en-US')} entries in ${seedSeconds.toFixed(1)} s`,
    `  header ${firstLine === EXPORT_COLUMNS['ledger-entries'].join(',') ? 'as the contract names it' : `UNEXPECTED: ${firstLine}`}`,
    `  rows ${rows.toLocaleString('en-US')} (X-Total-Count ${announced.toLocaleString('en-US')}${announced === rows ? ', equal' : ', DIFFERENT'}), ${(bytes / MB).toFixed(1)} MB in ${seconds.toFixed(2)} s`,
    `  ${Math.round(rowsPerSecond).toLocaleString('en-US')} rows/s (target ≥ ${TARGET_ROWS_PER_SECOND.toLocaleString('en-US')}: ${rowsPerSecond >= TARGET_ROWS_PER_SECOND ? 'met' : 'MISSED'})`,
    `  wallet RSS ${mb(before.rss)} before, peak ${mb(peak.rss)} (target < ${TARGET_PEAK_RSS_MB} MB: ${peakMb < TARGET_PEAK_RSS_MB ? 'met' : 'MISSED'}), growth ${mb(peak.rss - before.rss)}`,
    `  at the peak: V8 heap reserved ${mb(peak.heapTotal)} (${mb(before.heapTotal)} before), in use ${mb(peak.heapUsed)} (${mb(before.heapUsed)} before); outside the heap ${mb(peak.external)} (${mb(before.external)} before)`,
  ];
  process.stdout.write(`${report.join('\n')}\n`);
} finally {
  await close();
}
