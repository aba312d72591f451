// `npm run bench:events`: deposit approvals at a steady rate (default 50 a second for 20 seconds; issue 28 asks
// 200, BENCH_RATE=200) through the gateway, and the time from each approval (its transaction, when it wrote the
// `deposit.approved` event: the event's occurredAt) to its notification arriving on its user's live stream. A notification
// reaches the user's live stream (GET /api/notifications/stream) only after the transaction that stored it
// committed, so its arrival there is the moment it became readable; at the end every user's list is read to
// check each approval made exactly one notification. The path measured: wallet outbox -> JetStream -> notify's
// consumer (inbox + insert) -> NATS push -> notify's stream -> gateway -> client. Generator and stack share
// the machine's cores.
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { notificationOperations } from '@cropvest/contracts/notify/api';
import { operationCall } from '@cropvest/contracts/operation-call';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  benchFactories,
  benchNatsOptions,
  LOAD_BENCH_ENV,
  signIn,
  startBenchStack,
} from '../support/stack.ts';

const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const USERS = Number(process.env.BENCH_USERS ?? 10);
const TARGET_P99_MS = 50;
const TOTAL = RATE * SECONDS;

const stack = await startBenchStack(LOAD_BENCH_ENV);
const controllers: AbortController[] = [];
let nc: NatsConnection | undefined;
try {
  const base = stack.gatewayUrl;
  const admin = await signIn(base, stack.adminEmail, stack.adminPassword);
  const factories = benchFactories(base, admin);
  const client = factories.client;

  // Investors, each with a live stream open before anything is approved.
  const arrivals = new Map<string, number>(); // `${userId}:${amount}` -> arrival time
  const storedAt = new Map<string, number>(); // `${userId}:${amount}` -> the notification's createdAt, on this clock
  const users: { id: string; token: string }[] = [];
  for (let u = 0; u < USERS; u++) {
    const registered = await factories.investor(
      `Bench Investor ${u}`,
      `bench-${u}-${Date.now()}@example.com`,
    );
    const user = { id: registered.user.id, token: registered.accessToken };
    users.push(user);
    const controller = new AbortController();
    controllers.push(controller);
    // The live stream is read as it arrives (server-sent events), not as one answer: fetched by hand, at the
    // contract's path.
    const stream = await fetch(`${base}${operationCall(notificationOperations.notificationStream).path}`, {
      headers: { authorization: `Bearer ${user.token}` },
      signal: controller.signal,
    });
    if (stream.status !== 200 || !stream.body) throw new Error(`stream failed: ${stream.status}`);
    void (async () => {
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          const now = performance.now();
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!block.startsWith('event: notification')) continue;
            const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}') as {
              title: string;
              message: string;
              createdAt: string;
            };
            const amount = /deposit of ([\d.]+) USDT/.exec(data.message)?.[1];
            if (data.title === 'Deposit approved' && amount) {
              arrivals.set(`${user.id}:${amount}`, now);
              storedAt.set(
                `${user.id}:${amount}`,
                Date.parse(data.createdAt) - Date.now() + performance.now(),
              );
            }
          }
        }
      } catch {
        // aborted at the end
      }
    })();
  }

  // When each approval's event reached the bus (a plain NATS subscription sees what JetStream stores).
  const depositKeys = new Map<string, string>();
  const onBus = new Map<string, number>();
  /** When each approval's transaction wrote its event, on this clock. */
  const approvedAt = new Map<string, number>();
  nc = await connect(benchNatsOptions(stack));
  nc.subscribe('events.deposit.approved', {
    callback: (_err, msg) => {
      const now = performance.now();
      const event = msg.json() as { occurredAt: string; data: { depositId: string } };
      const key = depositKeys.get(event.data.depositId);
      if (!key) return;
      onBus.set(key, now);
      approvedAt.set(key, Date.parse(event.occurredAt) - Date.now() + now);
    },
  });

  // Setup, not measured: the pending deposits, with an amount unique per user to match each notification.
  const deposits: { id: string; key: string }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      for (let i = next++; i < TOTAL; i = next++) {
        const user = users[i % USERS]!;
        const amount = `${1 + Math.floor(i / USERS)}.00`;
        const created = await client.ok(walletOperations.createDeposit, {
          token: user.token,
          body: { amount },
        });
        deposits[i] = { id: created.id, key: `${user.id}:${amount}` };
        depositKeys.set(created.id, `${user.id}:${amount}`);
      }
    }),
  );
  console.log(
    `${USERS} investors with open streams, ${TOTAL} pending deposits; approving ${RATE} a second for ${SECONDS} s…`,
  );

  // The measured part: approvals on a fixed schedule, not waiting for one another.
  const answeredAt = new Map<string, number>();
  let failures = 0;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < TOTAL; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const deposit = deposits[i]!;
    inFlight.push(
      client
        .call(walletOperations.reviewDeposit, {
          token: admin,
          path: { id: deposit.id },
          body: { status: 'approved' },
        })
        .then((result) => {
          if (result.status === 200) answeredAt.set(deposit.key, performance.now());
          else failures++;
        }),
    );
  }
  await Promise.all(inFlight);
  const approvalSeconds = (performance.now() - started) / 1000;
  const deadline = performance.now() + 15_000;
  while (arrivals.size < answeredAt.size && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));

  const latencies = [...approvedAt]
    .flatMap(([key, at]) => (arrivals.has(key) ? [arrivals.get(key)! - at] : []))
    .sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? NaN;
  const missing = answeredAt.size - latencies.length;

  // Exactly one notification per approval, as each user reads them.
  let listed = 0;
  let duplicates = 0;
  for (const user of users) {
    // Every page of the user's notifications (the list pages on the server, at most 200 a page).
    const list: { title: string; message: string }[] = [];
    for (let page = 1; ; page++) {
      const items = await client.ok(notificationOperations.myNotifications, {
        token: user.token,
        query: { page, pageSize: 200 },
      });
      list.push(...items);
      if (items.length < 200) break;
    }
    const mine = list.filter((n) => n.title === 'Deposit approved');
    listed += mine.length;
    duplicates += mine.length - new Set(mine.map((n) => n.message)).size;
  }

  const p99 = pct(0.99);
  // Where the time goes: approval -> on the bus (commit, outbox relay, JetStream), on the bus -> notification
  // stored (notify's consumer), stored -> pushed to the client (NATS, stream, gateway); and, beside the path, how
  // long the admin waited for the approval's answer. createdAt is the database's transaction time.
  const stage = (from: Map<string, number>, to: Map<string, number>) => {
    const values = [...from]
      .flatMap(([key, at]) => (to.has(key) ? [to.get(key)! - at] : []))
      .sort((a, b) => a - b);
    return (p: number) => values[Math.min(values.length - 1, Math.floor(values.length * p))] ?? NaN;
  };
  const toBus = stage(approvedAt, onBus);
  const toAnswer = stage(approvedAt, answeredAt);
  const busToStored = stage(onBus, storedAt);
  const toPushed = stage(storedAt, arrivals);
  console.log(
    `\ndeposit approval -> notification on the user's live stream (${latencies.length} of ${TOTAL} approvals)`,
  );
  console.log(
    `  approvals sent       ${TOTAL} in ${approvalSeconds.toFixed(1)} s (${(TOTAL / approvalSeconds).toFixed(1)}/s, target ${RATE}/s), ${failures} failed`,
  );
  console.log(`  latency p50          ${pct(0.5).toFixed(1)} ms`);
  console.log(`  latency p90          ${pct(0.9).toFixed(1)} ms`);
  console.log(
    `  latency p99          ${p99.toFixed(1)} ms   (target under ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? 'met' : 'NOT met'})`,
  );
  console.log(`  latency max          ${(latencies.at(-1) ?? NaN).toFixed(1)} ms`);
  const show = (label: string, f: (p: number) => number) =>
    console.log(
      `    ${label.padEnd(38)} p50 ${f(0.5).toFixed(1).padStart(8)} ms   p99 ${f(0.99).toFixed(1).padStart(8)} ms`,
    );
  console.log('  where the time goes:');
  show('approval -> event on the bus', toBus);
  show('event on the bus -> notification stored', busToStored);
  show('stored -> pushed to the client', toPushed);
  show('(approval -> answered to the admin)', toAnswer);
  console.log(`  never pushed         ${missing}`);
  console.log(`  listed to users      ${listed} (duplicates: ${duplicates})`);
  if (failures > 0 || missing > 0 || listed !== answeredAt.size || duplicates > 0) process.exitCode = 1;
} finally {
  for (const controller of controllers) controller.abort();
  await nc?.close();
  await stack.stop();
}
