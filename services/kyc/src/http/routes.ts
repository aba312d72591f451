import { operationRoutes } from '@cropvest/service-kit/operations';
import type { KycContext } from '../app/context.ts';
import { documentRoutes } from './document-routes.ts';
import { reportRoutes } from './report-routes.ts';
import { submissionRoutes } from './submission-routes.ts';

/** Every operation KYC answers, one handler each (the kit refuses a missing or doubled one). */
export const kycRoutes = (kyc: KycContext) =>
  operationRoutes('kyc', kyc.verifier, [submissionRoutes(kyc), documentRoutes(kyc), reportRoutes(kyc)]);
