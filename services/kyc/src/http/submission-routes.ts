import { handlers } from '@cropvest/service-kit/operations';
import * as submissions from '../app/kyc.ts';
import type { KycContext } from '../app/context.ts';

/**
 * Submissions: a signed-in user's own (nothing of theirs takes a record id, so nobody reaches another's) and the
 * admin review. Paths, roles and payloads come from the operations (packages/contracts/src/kyc/api.ts).
 */
export const submissionRoutes = (kyc: KycContext) =>
  handlers('kyc', {
    myKyc: ({ actor }) => submissions.mine(kyc, actor),
    myKycSubmissions: ({ actor, query }) => submissions.mySubmissions(kyc, actor, query),
    submitKyc: ({ actor, body, meta }) => submissions.submit(kyc, actor, body, meta),
    adminKyc: ({ query }) => submissions.adminPage(kyc, query),
    adminKycCounts: ({ query }) => submissions.counts(kyc, query.q),
    reviewKyc: ({ actor, id, body, meta }) => submissions.review(kyc, actor, id, body, meta),
  });
