import Router from '@koa/router';
import { ReservesHistoryQuery } from '@cropvest/contracts';
import { authenticate, requireRole, route } from '@cropvest/service-kit';
import type { ChainContext } from '../app/context.ts';
import { myProof, publicReport, requestProofBuild } from '../app/proofs.ts';
import { reconcileNow, reservesHistory, reservesOverview } from '../app/reserves.ts';
import type { ReserveJobs } from '../app/reserve-jobs.ts';

/** The published proof is public; each investor's own proof needs their token and is only ever theirs. */
export function proofRoutes(chain: ChainContext): Router {
  const router = new Router({ prefix: '/api' });
  router.get(
    '/proof-of-reserves',
    route({}, () => publicReport(chain)),
  );
  router.get(
    '/proof-of-reserves/me',
    authenticate(chain.verifier),
    route({}, ({ actor }) => myProof(chain, actor.id)),
  );
  return router;
}

/** Admins only, checked here again after the gateway. */
export function adminReserveRoutes(chain: ChainContext, jobs: ReserveJobs): Router {
  const router = new Router({ prefix: '/api/admin' });
  router.use(['/reserves', '/proof-of-reserves'], authenticate(chain.verifier), requireRole('admin'));
  router.get(
    '/reserves',
    route({}, () => reservesOverview(chain)),
  );
  router.post(
    '/reserves/reconcile',
    route({}, ({ actor, meta }) => reconcileNow(chain, actor.id, meta)),
  );
  router.get(
    '/reserves/history',
    route({ query: ReservesHistoryQuery }, ({ query }) => reservesHistory(chain, query.days)),
  );
  router.post(
    '/proof-of-reserves/build',
    route({ status: 202 }, ({ actor, meta }) =>
      requestProofBuild(chain, actor.id, meta, (work) => jobs.track(work)),
    ),
  );
  return router;
}
