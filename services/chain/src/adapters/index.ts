// One adapter per watched network, each with its own client and nothing shared, so one network's faults never
// reach another's checks and scans.
import type { NetworkSettings } from '../config.ts';
import { createEvmAdapter } from './evm.ts';
import { createTronAdapter } from './tron.ts';
import type { AdapterOptions, ChainAdapter } from './types.ts';

export function createAdapter(settings: NetworkSettings, options: AdapterOptions): ChainAdapter {
  return settings.network === 'TRC20'
    ? createTronAdapter(settings, options)
    : createEvmAdapter(settings, options);
}
