import { handlers } from '@cropvest/service-kit/operations';
import { chainNetworks } from '../app/networks.ts';
import type { ChainContext } from '../app/context.ts';

/** Public: the platform's addresses are no secret (anyone may check what they hold on chain). */
export const networkRoutes = (chain: ChainContext) =>
  handlers('chain', {
    chainNetworks: () => chainNetworks(chain, chain.settings),
  });
