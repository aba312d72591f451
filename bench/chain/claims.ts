// `npx tsx bench/chain/claims.ts`: from a deposit claim to its credit (decision 0080), on the local chains. The
// transfers are sent and made final first, so what is timed is the platform's own path: the claim through the
// gateway, the wallet's outbox, the chain service's lookup and verdict, the wallet crediting from it — until the
// `deposit.approved` event. BENCH_CLAIMS (200) claims, BENCH_CLAIM_CONCURRENCY (10) at a time, spread over the three
// networks. Target: p99 under 2 s. Then the ledger check. Generator and stack share the machine's cores.
import { connect } from '@nats-io/transport-node';
import type { NetworkName } from '@cropvest/contracts/chain/networks';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { LocalChainsClient } from '../../scripts/chain/client.ts';
import { StackClient } from '../../test/support/client.ts';
import {
  benchNatsOptions,
  checkWalletLedger,
  LOAD_BENCH_ENV,
  signIn,
  startBenchStack,
} from '../support/stack.ts';

const CLAIMS = Number(process.env.BENCH_CLAIMS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CLAIM_CONCURRENCY ?? 10);
const TARGET_P99_MS = 2000;
const NETWORKS: NetworkName[] = ['TRC20', 'ERC20', 'BEP20'];

const stack = await startBenchStack(LOAD_BENCH_ENV);
try {
  const client = new StackClient(stack.gatewayUrl);
  const admin = await signIn(stack.gatewayUrl, stack.adminEmail, stack.adminPassword);
  for (const network of ['ERC20', 'BEP20'] as const)
    await client.ok(walletOperations.updatePaymentMethods, {
      token: admin,
      body: { network, deposits: true, withdrawals: false },
    });
  const investor = await signIn(stack.gatewayUrl, stack.investorEmail, stack.investorPassword);
  const chains = new LocalChainsClient(stack.localChains.control);

  // Every transfer sent, then blocks mined on top until all are final, so no claim waits for the chain itself.
  const sent: { network: NetworkName; txid: string }[] = [];
  for (let i = 0; i < CLAIMS; i++) {
    const network = NETWORKS[i % NETWORKS.length] as NetworkName;
    const { txid } = await chains.transfer({
      network,
      to: stack.localChains.networks[network].platformAddress,
      amount: '10',
    });
    sent.push({ network, txid });
  }
  for (const network of NETWORKS) await chains.mine(network, 30);

  const nc = await connect(benchNatsOptions(stack));
  const credited = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  const subscription = nc.subscribe('events.deposit.approved');
  void (async () => {
    for await (const message of subscription) {
      const { data } = message.json<{ data: { depositId: string } }>();
      credited.set(data.depositId, performance.now());
      waiting.get(data.depositId)?.();
    }
  })();

  const latencies: number[] = [];
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < sent.length) {
        const { network, txid } = sent[next++] as { network: NetworkName; txid: string };
        const claimedAt = performance.now();
        const { id } = await client.ok(walletOperations.createDeposit, {
          token: investor,
          body: { network, txid, amount: '10' },
        });
        await new Promise<void>((resolve, reject) => {
          if (credited.has(id)) return resolve();
          const timer = setTimeout(() => reject(new Error(`deposit ${id} not credited within 60 s`)), 60_000);
          waiting.set(id, () => (clearTimeout(timer), resolve()));
        });
        latencies.push((credited.get(id) as number) - claimedAt);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  subscription.unsubscribe();
  await nc.drain();

  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  console.log(
    `${CLAIMS} claims (${CONCURRENCY} at a time, final transfers on ${NETWORKS.join(', ')}) credited in ${seconds.toFixed(1)} s: ${(CLAIMS / seconds).toFixed(1)} claims/s`,
  );
  console.log(
    `claim to credit: p50 ${pct(0.5).toFixed(0)} ms, p95 ${pct(0.95).toFixed(0)} ms, p99 ${pct(0.99).toFixed(0)} ms, max ${pct(1).toFixed(0)} ms; target p99 under ${TARGET_P99_MS} ms ${pct(0.99) < TARGET_P99_MS ? 'met' : 'NOT met'}`,
  );
  const ledger = await checkWalletLedger(stack.databaseUrl);
  console.log(`ledger check: ${ledger.ok ? 'clean' : ledger.problems.join('; ')}`);
  if (pct(0.99) >= TARGET_P99_MS || !ledger.ok) process.exitCode = 1;
} finally {
  await stack.stop();
}
