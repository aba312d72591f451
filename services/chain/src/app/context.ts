import type { NetworkName } from '@cropvest/contracts/chain/networks';
import type { ServiceDeps } from '@cropvest/service-kit/runtime';
import type { ChainAdapter } from '../adapters/types.ts';
import type { ChainConfig, NetworkSettings } from '../config.ts';
import type { ChainMetrics } from './metrics.ts';

/** What the chain service's use cases need: the service deps, each watched network's settings and adapter. */
export interface ChainContext extends ServiceDeps<ChainConfig> {
  networks: ReadonlyMap<NetworkName, { settings: NetworkSettings; adapter: ChainAdapter }>;
  /** Every network's settings, watched or not (reserves on an unwatched network are reported unread). */
  settings: readonly NetworkSettings[];
  chainMetrics: ChainMetrics;
}

export type { RequestMeta } from '@cropvest/service-kit/http';

export { inTransaction } from '@cropvest/service-kit/db';
