// `npm run bench:chain-watcher`: the chain service's scanner catching up (decision 0084). With every
// network's endpoint held down, BENCH_WATCHER_TRANSFERS (10,000) USDT transfers to the platform's addresses
// are sent on the local chains with the control API's batch (BENCH_WATCHER_BATCH: 50 logs a transaction, the
// most it takes; the batches taken in turn by TRC-20, ERC-20 and BEP-20) and made final; then the endpoints
// come back and the scanner reads them all, page after page. Prints how long the catch-up took per network
// and in all (from the endpoints' return, so a failed call still backing off and the scan interval count),
// transfers recorded per second, and the chain service's resident memory before, at its peak and after.
// Figures, not a test: generator, chains and stack share the machine's cores.
import { createDatabase } from '@cropvest/service-kit/db';
import { txidKey } from '@cropvest/contracts';
import { NETWORK_TYPES, type NetworkName } from '@cropvest/contracts/chain/networks';
import { LocalChainsClient } from '../../scripts/chain/client.ts';
import { SERVICES } from '../../scripts/stack/services.ts';
import { rssOf, servicePidOn } from '../../test/support/processes.ts';
import { startBenchStack } from '../support/stack.ts';

const TRANSFERS = Number(process.env.BENCH_WATCHER_TRANSFERS ?? 10_000);
const BATCH = Number(process.env.BENCH_WATCHER_BATCH ?? 50);
const SCAN_INTERVAL_MS = 500;
const TIMEOUT_MS = 15 * 60_000;

const stack = await startBenchStack({
  SKIP_WEB_BUILD: 'true',
  CHAIN_SCAN_INTERVAL_MS: String(SCAN_INTERVAL_MS),
});
const db = createDatabase({ url: stack.databaseUrl, schema: 'chain', migrations: [], poolMax: 2 });
try {
  const chains = new LocalChainsClient(stack.localChains.control);
  const chainEntry = SERVICES.find((service) => service.name === 'chain')?.entry as string;
  const pid = servicePidOn(chainEntry, new URL(stack.services.chain as string).port);
  if (!pid) throw new Error('the chain service is not running');

  // Each network scanned once from its start, so what follows measures the catch-up alone.
  while (Number((await db('scan_cursors').count<{ count: number }[]>({ count: '*' }))[0]?.count) < 3)
    await new Promise((r) => setTimeout(r, 200));
  for (const network of NETWORK_TYPES) await chains.faults(network, 'down');

  const sent = new Map(NETWORK_TYPES.map((network) => [network, { txids: [] as string[], transfers: 0 }]));
  const sending = performance.now();
  for (let batch = 0; batch * BATCH < TRANSFERS; batch++) {
    const network = NETWORK_TYPES[batch % NETWORK_TYPES.length] as NetworkName;
    const size = Math.min(BATCH, TRANSFERS - batch * BATCH);
    const { txid } = await chains.batch({
      network,
      transfers: Array.from({ length: size }, (_, i) => ({
        to: stack.localChains.networks[network].platformAddress,
        amount: `1.${String(i).padStart(4, '0')}`,
      })),
    });
    const ofNetwork = sent.get(network) as { txids: string[]; transfers: number };
    ofNetwork.txids.push(txid);
    ofNetwork.transfers += size;
  }
  // Final on every network: EVM confirmations, TRON solidification.
  for (const network of NETWORK_TYPES)
    await chains.mine(network, stack.localChains.networks[network].confirmationsHint + 1);
  const sentSeconds = (performance.now() - sending) / 1000;
  const recorded = async (network: NetworkName) =>
    Number(
      (
        await db('chain_transfers')
          .where({ network })
          .whereIn('txid_key', (sent.get(network)?.txids ?? []).map(txidKey))
          .count<{ count: number }[]>({ count: '*' })
      )[0]?.count,
    );

  const rssBefore = rssOf(pid);
  let peak = rssBefore;
  const started = performance.now();
  for (const network of NETWORK_TYPES) await chains.faults(network, 'none');
  const done = new Map<NetworkName, number>();
  while (done.size < NETWORK_TYPES.length) {
    if (performance.now() - started > TIMEOUT_MS)
      throw new Error('the scanner did not catch up within 15 minutes');
    peak = Math.max(peak, rssOf(pid));
    for (const network of NETWORK_TYPES)
      if (!done.has(network) && (await recorded(network)) >= (sent.get(network)?.transfers ?? 0))
        done.set(network, (performance.now() - started) / 1000);
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = Math.max(...done.values());
  const rssAfter = rssOf(pid);
  const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

  console.log(
    `sent ${TRANSFERS} transfers in ${Math.ceil(TRANSFERS / BATCH)} batch transactions of up to ${BATCH} logs in ${sentSeconds.toFixed(1)} s`,
  );
  for (const network of NETWORK_TYPES)
    console.log(
      `  ${network}: ${sent.get(network)?.transfers} transfers recorded ${(done.get(network) ?? 0).toFixed(1)} s after its endpoint came back`,
    );
  console.log(
    `catch-up: ${TRANSFERS} transfers recorded in ${seconds.toFixed(1)} s (scan interval ${SCAN_INTERVAL_MS} ms included): ${(TRANSFERS / seconds).toFixed(0)} transfers/s`,
  );
  console.log(`chain service RSS: ${mb(rssBefore)} before → ${mb(peak)} at its peak → ${mb(rssAfter)} after`);
  const duplicates = await db('chain_transfers')
    .select('network', 'txid_key', 'log_index')
    .groupBy('network', 'txid_key', 'log_index')
    .havingRaw('count(*) > 1');
  console.log(`transfers recorded twice: ${duplicates.length}`);
} finally {
  await db.destroy();
  await stack.stop();
}
