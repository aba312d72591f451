// Upload tickets for every purpose (one address for the spec's POST /api/objects/upload), and the PUT for
// the bucket this service owns (deposit proofs). docs/decisions/0002-uploads.md explains the routing.
import type { UploadPurpose, UploadTicket } from '@cropvest/contracts';
import { ForbiddenError, type AuthUser } from '@cropvest/service-kit';
import { issueUploadTicket, UPLOAD_PURPOSES } from '@cropvest/service-kit/uploads';
import type { WalletContext } from './context.ts';

/** The bucket whose PUT this service serves. */
export const DEPOSIT_PROOFS_BUCKET = UPLOAD_PURPOSES['deposit-proof'].bucket;

/** Without a purpose: an admin's ticket is for a plan image (the spec's only caller), an investor's for a deposit proof. */
export function issueTicket(
  ctx: WalletContext,
  user: AuthUser,
  purpose: UploadPurpose | undefined,
): Promise<UploadTicket> {
  const chosen = purpose ?? (user.role === 'admin' ? 'plan-image' : 'deposit-proof');
  const rule = UPLOAD_PURPOSES[chosen];
  if ('adminOnly' in rule && rule.adminOnly && user.role !== 'admin')
    throw new ForbiddenError('Only admins can upload plan images', 'ADMIN_ONLY_UPLOAD');
  return issueUploadTicket({
    secret: ctx.config.UPLOAD_TOKEN_SECRET,
    rule,
    userId: user.id,
    ttlSeconds: ctx.config.UPLOAD_TOKEN_TTL_SECONDS,
  });
}
