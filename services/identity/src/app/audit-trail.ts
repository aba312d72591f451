// The audit trail's integrity check for the admin audit page: the whole hash chain walked from its first entry
// (decision 0066), stamped with when it was walked so the page can say how fresh the answer is.
import type { AuditChainVerification } from '@cropvest/contracts';
import { verifyAuditChain } from '../db/audit.ts';
import type { IdentityContext } from './context.ts';

export async function checkAuditTrail(ctx: IdentityContext): Promise<AuditChainVerification> {
  return { ...(await verifyAuditChain(ctx.db)), checkedAt: new Date().toISOString() };
}
