// Events the kyc service publishes, spread into `eventSchemas` in events.ts.
import { z } from '../zod.ts';
import { Uuid } from '../common.ts';

export const kycEventSchemas = {
  /** A user submitted identity documents; the submission waits for an admin's review. */
  'kyc.submitted': z.object({ userId: Uuid, kycId: Uuid }),
  /** An admin reviewed a submission. */
  'kyc.reviewed': z.object({
    userId: Uuid,
    kycId: Uuid,
    status: z.enum(['approved', 'rejected']),
    rejectionReason: z.string().nullable(),
  }),
} as const;
