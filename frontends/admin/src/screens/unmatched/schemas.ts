// The assignment form's schema, loaded on the form's first use (lazyZodResolver): the investor chosen from the list
// and the contract's reason.
import { z } from '@cropvest/contracts/zod';
import { TransferAssignmentRequest } from '@cropvest/contracts/chain/unmatched';

export const INVESTOR_REQUIRED = 'Choose the investor who sent this transfer';

export const AssignForm = z.object({
  userId: z.string().min(1, INVESTOR_REQUIRED),
  reason: TransferAssignmentRequest.shape.reason,
});
