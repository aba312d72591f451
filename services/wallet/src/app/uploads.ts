// Upload tickets for every purpose (one address for the spec's POST /api/objects/upload), and the PUT for
// the bucket this service owns (deposit proofs). docs/decisions/0002-uploads.md explains the routing.
import type { UploadPurpose, UploadResult, UploadTicket } from '@cropvest/contracts';
import { ForbiddenError, NotFoundError, ConflictError, type AuthUser } from '@cropvest/service-kit';
import {
  issueUploadTicket,
  objectExists,
  objectPath,
  streamUploadToStore,
  UPLOAD_PURPOSES,
  verifyUploadToken,
} from '@cropvest/service-kit/uploads';
import type { WalletContext } from './context.ts';

/** Buckets whose PUT this service serves. */
export const OWNED_BUCKETS = new Set<string>([UPLOAD_PURPOSES['deposit-proof'].bucket]);

/** Without a purpose: an admin's ticket is for a plan image (the spec's only caller), an investor's for a deposit proof. */
export function issueTicket(
  ctx: WalletContext,
  user: AuthUser,
  purpose: UploadPurpose | undefined,
): UploadTicket {
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

export async function receiveUpload(
  ctx: WalletContext,
  bucket: string,
  token: string,
  body: AsyncIterable<Buffer>,
  declaredLength: number | undefined,
): Promise<UploadResult> {
  if (!OWNED_BUCKETS.has(bucket)) throw new NotFoundError('Unknown upload address');
  const claims = verifyUploadToken(ctx.config.UPLOAD_TOKEN_SECRET, token);
  if (claims.bucket !== bucket)
    throw new ForbiddenError('This upload link is not valid', 'UPLOAD_TOKEN_INVALID');
  // One ticket, one file: a stored object is never replaced (it may already back a deposit).
  if (await objectExists(ctx.store, claims.bucket, claims.key))
    throw new ConflictError('This upload link was already used; ask for a new one', 'UPLOAD_TOKEN_USED');
  const { size, contentType } = await streamUploadToStore(ctx.store, body, claims, declaredLength);
  return { objectPath: objectPath(claims.bucket, claims.key), size, contentType };
}
