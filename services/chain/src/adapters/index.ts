// One adapter per watched network, each with its own client and nothing shared, so one network's faults never
// reach another's checks and scans.
import type { NetworkSettings } from '../config.ts';
import { createEvmAdapter } from './evm.ts';
import { createTronAdapter } from './tron.ts';
import type { ChainAdapter } from './types.ts';

export interface AdapterOptions {
  /** CHAIN_REQUEST_TIMEOUT_MS: one attempt of one call. */
  timeoutMs: number;
  /** CHAIN_REQUEST_RETRIES: attempts after the first, for faults that may pass. */
  retries: number;
  /** CHAIN_SCAN_BLOCK_RANGE: blocks per eth_getLogs (EVM). */
  scanBlockRange: number;
  /** CHAIN_RESET_ON_REWIND: a scan cursor ahead of the chain starts over (local chains only). */
  resetOnRewind: boolean;
}

export function createAdapter(settings: NetworkSettings, options: AdapterOptions): ChainAdapter {
  return settings.network === 'TRC20'
    ? createTronAdapter(settings, options)
    : createEvmAdapter(settings, options);
}
