import { operationRoutes } from '@cropvest/service-kit/operations';
import type { ChainContext } from '../app/context.ts';
import type { ReserveJobs } from '../app/reserve-jobs.ts';
import { networkRoutes } from './network-routes.ts';
import { reserveRoutes } from './reserve-routes.ts';
import { unmatchedRoutes } from './unmatched-routes.ts';

/** Every operation chain answers, one handler each (the kit refuses a missing or doubled one). */
export const chainRoutes = (chain: ChainContext, jobs: ReserveJobs) =>
  operationRoutes('chain', chain.verifier, [
    networkRoutes(chain),
    reserveRoutes(chain, jobs),
    unmatchedRoutes(chain),
  ]);
