import Router from '@koa/router';
import {
  TransferAssignmentRequest,
  TransferAssignmentStatusUpdate,
  UnmatchedTransferCountsQuery,
  UnmatchedTransferQuery,
} from '@cropvest/contracts';
import { authenticate, pageRoute, requireRole, route } from '@cropvest/service-kit';
import type { ChainContext } from '../app/context.ts';
import * as unmatched from '../app/unmatched.ts';

/** Unmatched transfers and their assignment (docs/decisions/0084): admins only, checked here again after the gateway. */
export function unmatchedRoutes(chain: ChainContext): Router {
  const router = new Router({ prefix: '/api/admin/unmatched-transfers' });
  router.use(authenticate(chain.verifier), requireRole('admin'));
  router.get(
    '/',
    pageRoute({ query: UnmatchedTransferQuery }, ({ query }) => unmatched.unmatchedTransfers(chain, query)),
  );
  router.get(
    '/counts',
    route({ query: UnmatchedTransferCountsQuery }, ({ query }) => unmatched.unmatchedCounts(chain, query.q)),
  );
  router.post(
    '/assignments',
    route({ body: TransferAssignmentRequest, status: 201 }, ({ actor, body, meta }) =>
      unmatched.assignTransfer(chain, actor, body, meta),
    ),
  );
  router.put(
    '/assignments/:id/status',
    route({ body: TransferAssignmentStatusUpdate }, ({ actor, id, body, meta }) =>
      unmatched.reviewAssignment(chain, actor, id, body, meta),
    ),
  );
  return router;
}
