// KYC documents: the private kyc-documents bucket's rule and tickets (asked for by the wallet's POST
// /api/objects/upload with purpose kyc-document), checking what a submission names, and admin links.
import type { KycDocumentLink, UploadTicket, UploadTicketCommand } from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { BadRequestError, NotFoundError } from '@cropvest/service-kit/errors';
import {
  DOCUMENT_TYPES,
  issueUploadTicket,
  parseObjectPath,
  privateObjectLink,
  uploadedObject,
  type UploadRule,
} from '@cropvest/service-kit/uploads';
import type { KycContext } from './context.ts';

/** KYC documents: an image or a PDF of at most 10 MB, private (admins read them through short-lived links). */
export const KYC_DOCUMENT_UPLOADS = {
  bucket: 'kyc-documents',
  maxBytes: 10 * 1024 * 1024,
  types: DOCUMENT_TYPES,
} as const satisfies UploadRule;
export const KYC_BUCKET = KYC_DOCUMENT_UPLOADS.bucket;

/** A KYC-document ticket, signed with KYC's own secret, for the wallet's POST /api/objects/upload. */
export const issueDocumentTicket = (ctx: KycContext, requester: UploadTicketCommand): Promise<UploadTicket> =>
  issueUploadTicket({
    secret: ctx.config.UPLOAD_TOKEN_SECRET,
    rule: KYC_DOCUMENT_UPLOADS,
    requester,
    ttlSeconds: ctx.config.UPLOAD_TOKEN_TTL_SECONDS,
  });

/** The stored object's content type (as sniffed at upload), or null when it does not exist. */
async function storedType(ctx: KycContext, key: string): Promise<string | null | undefined> {
  try {
    const stat = await ctx.store.statObject(KYC_BUCKET, key);
    const meta = stat.metaData as Record<string, string> | undefined;
    return meta?.['content-type'] ?? null;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'NotFound' || code === 'NoSuchKey') return undefined;
    throw error;
  }
}

/**
 * A document field must name a kyc-document upload of this user that exists (its objectPath, or the uploadURL
 * it was sent to). The selfie must be an image; the others an image or a PDF (checked by content at upload).
 */
export async function resolveDocument(
  ctx: KycContext,
  user: AuthUser,
  field: string,
  value: string,
  imagesOnly: boolean,
): Promise<string> {
  const upload = await uploadedObject(ctx.config.UPLOAD_TOKEN_SECRET, value);
  if (upload.kind === 'unsigned-address')
    throw new BadRequestError(`${field} is not an upload address this platform issued`, 'INVALID_DOCUMENT');
  if (upload.kind !== 'object' || upload.bucket !== KYC_BUCKET || upload.ownerId !== user.id) {
    throw new BadRequestError(
      `${field} must be the objectPath of a document you uploaded through /api/objects/upload (purpose kyc-document)`,
      'INVALID_DOCUMENT',
    );
  }
  const type = await storedType(ctx, upload.key);
  if (type === undefined)
    throw new BadRequestError(
      `The file for ${field} was not uploaded yet; upload it, then submit`,
      'DOCUMENT_MISSING',
    );
  if (imagesOnly && !type?.startsWith('image/'))
    throw new BadRequestError(`${field} must be an image (PNG, JPEG, GIF or WEBP)`, 'DOCUMENT_NOT_IMAGE');
  return upload.path;
}

/** A short-lived link to read one stored document; only admins reach this. */
export async function documentLink(ctx: KycContext, path: string): Promise<KycDocumentLink> {
  const parsed = parseObjectPath(path);
  if (!parsed || parsed.bucket !== KYC_BUCKET)
    throw new NotFoundError('Document not found', 'DOCUMENT_NOT_FOUND');
  const contentType = (await storedType(ctx, parsed.key)) ?? null;
  const link = await privateObjectLink(
    ctx.linkStore,
    parsed.bucket,
    parsed.key,
    ctx.config.DOCUMENT_LINK_TTL_SECONDS,
  );
  return { ...link, contentType };
}
