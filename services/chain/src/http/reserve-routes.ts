import { handlers } from '@cropvest/service-kit/operations';
import type { ChainContext } from '../app/context.ts';
import { myProof, publicReport, requestProofBuild } from '../app/proofs.ts';
import { reconcileNow, reservesHistory, reservesOverview } from '../app/reserves.ts';
import type { ReserveJobs } from '../app/reserve-jobs.ts';

/**
 * Reserves and their proof: the published proof is public, each investor's own inclusion needs their token and
 * is only ever theirs; the reserves overview, reconciliation, history and a new proof's build are the admins'.
 */
export const reserveRoutes = (chain: ChainContext, jobs: ReserveJobs) =>
  handlers('chain', {
    proofOfReserves: () => publicReport(chain),
    myReserveInclusion: ({ actor }) => myProof(chain, actor.id),
    buildProofOfReserves: ({ actor, meta }) =>
      requestProofBuild(chain, actor.id, meta, (work) => jobs.track(work)),
    reserves: () => reservesOverview(chain),
    reconcileReserves: ({ actor, meta }) => reconcileNow(chain, actor.id, meta),
    reserveHistory: ({ query }) => reservesHistory(chain, query.days),
  });
