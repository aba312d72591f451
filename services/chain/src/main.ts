// Chain: the only code that talks to blockchains (docs/decisions/0080): verifies deposit claims and payouts on
// chain, watches the platform's addresses, reconciles reserves and builds the proof of liabilities.
import { runService, type ServiceDeps } from '@cropvest/service-kit/runtime';
import { migrations } from './db/migrations/index.ts';
import { loadChainConfig, networkSettings, type ChainConfig } from './config.ts';
import { createAdapter } from './adapters/index.ts';
import { Checkers } from './app/checkers.ts';
import { createChainMetrics } from './app/metrics.ts';
import { ReserveJobs } from './app/reserve-jobs.ts';
import { Scanner } from './app/scanner.ts';
import type { ChainContext } from './app/context.ts';
import { chainRoutes } from './http/routes.ts';
import { subscriptions } from './events/subscriptions.ts';

const config = loadChainConfig();
const settings = networkSettings(config);
const adapterOptions = {
  timeoutMs: config.CHAIN_REQUEST_TIMEOUT_MS,
  retries: config.CHAIN_REQUEST_RETRIES,
  scanBlockRange: config.CHAIN_SCAN_BLOCK_RANGE,
  resetOnRewind: config.CHAIN_RESET_ON_REWIND,
};
const networks = new Map(
  settings
    .filter((network) => network.watched)
    .map((network) => [
      network.network,
      { settings: network, adapter: createAdapter(network, adapterOptions) },
    ]),
);
const checkers = new Checkers();
const reserveJobs = new ReserveJobs();
const scanner = new Scanner();

let context: ChainContext | undefined;
/** One context for the routes, the consumers and the background loops (its metrics registered once). */
const chainContext = (deps: ServiceDeps<ChainConfig>): ChainContext =>
  (context ??= { ...deps, networks, settings, chainMetrics: createChainMetrics(deps.metrics) });

await runService({
  name: 'chain',
  schema: 'chain',
  config,
  migrations,
  routers: (deps) => [chainRoutes(chainContext(deps), reserveJobs)],
  subscriptions: () => subscriptions(checkers),
  background: async (deps) => {
    checkers.start(chainContext(deps));
    reserveJobs.start(chainContext(deps));
    scanner.start(chainContext(deps));
    return {
      stop: async () => void (await Promise.all([checkers.stop(), reserveJobs.stop(), scanner.stop()])),
    };
  },
});
