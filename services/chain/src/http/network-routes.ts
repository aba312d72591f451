import Router from '@koa/router';
import { route } from '@cropvest/service-kit';
import { chainNetworks } from '../app/networks.ts';
import type { ChainContext } from '../app/context.ts';
import type { NetworkSettings } from '../config.ts';

/** Public: the platform's addresses are no secret (anyone may check what they hold on chain). */
export function networkRoutes(chain: ChainContext, settings: readonly NetworkSettings[]): Router {
  const router = new Router({ prefix: '/api/chain' });
  router.get(
    '/networks',
    route({}, () => chainNetworks(chain, settings)),
  );
  return router;
}
