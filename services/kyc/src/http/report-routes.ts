import { handlers } from '@cropvest/service-kit/operations';
import { kycReport } from '../db/reports.ts';
import type { KycContext } from '../app/context.ts';

/** The admin report this service owns. */
export const reportRoutes = (kyc: KycContext) =>
  handlers('kyc', {
    kycReport: ({ query }) => kycReport(kyc.db, query),
  });
