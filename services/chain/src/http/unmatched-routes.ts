import { handlers } from '@cropvest/service-kit/operations';
import type { ChainContext } from '../app/context.ts';
import * as unmatched from '../app/unmatched.ts';

/** Unmatched transfers and their assignment with a second admin's review (docs/decisions/0084): admins only. */
export const unmatchedRoutes = (chain: ChainContext) =>
  handlers('chain', {
    unmatchedTransfers: ({ query }) => unmatched.unmatchedTransfers(chain, query),
    unmatchedTransferCounts: ({ query }) => unmatched.unmatchedCounts(chain, query.q),
    assignUnmatchedTransfer: ({ actor, body, meta }) => unmatched.assignTransfer(chain, actor, body, meta),
    reviewUnmatchedAssignment: ({ actor, id, body, meta }) =>
      unmatched.reviewAssignment(chain, actor, id, body, meta),
  });
