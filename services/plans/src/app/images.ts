// Plan images (docs/decisions/0002-uploads.md, 0031-plan-images.md): the bucket's rule and tickets, the
// spec's `PUT /api/plan-images` that turns an upload into the plan's public image address, and that public
// read, served with long-lived caching headers (an object is never replaced: one ticket, one object).
import type { Readable } from 'node:stream';
import { PLAN_IMAGE_PATH, type UploadTicket, type UploadTicketCommand } from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { NotFoundError, ValidationError } from '@cropvest/service-kit/errors';
import {
  IMAGE_TYPES,
  issueUploadTicket,
  objectExists,
  uploadedObject,
  type UploadRule,
} from '@cropvest/service-kit/uploads';
import { inTransaction, type PlansContext, type RequestMeta } from './context.ts';

/** Plan images: PNG, JPEG, GIF or WebP of at most 5 MB (spec), admins only, public through GET /api/plan-images. */
export const PLAN_IMAGE_UPLOADS = {
  bucket: 'plan-images',
  maxBytes: 5 * 1024 * 1024,
  types: IMAGE_TYPES,
  adminOnly: true,
  public: true,
} as const satisfies UploadRule;
export const PLAN_IMAGES_BUCKET = PLAN_IMAGE_UPLOADS.bucket;

/** A plan-image ticket, signed with plans' own secret, for the wallet's POST /api/objects/upload (admins only). */
export const issueImageTicket = (ctx: PlansContext, requester: UploadTicketCommand): Promise<UploadTicket> =>
  issueUploadTicket({
    secret: ctx.config.UPLOAD_TOKEN_SECRET,
    rule: PLAN_IMAGE_UPLOADS,
    requester,
    ttlSeconds: ctx.config.UPLOAD_TOKEN_TTL_SECONDS,
  });

export const publicImagePath = (key: string): string => `/api/plan-images/${key}`;

const NOT_A_PLAN_IMAGE = 'Image must be a plan image uploaded through /api/objects/upload';

/** The object key behind any of the forms a client may hand over: uploadURL, objectPath or the public address. */
async function keyOf(ctx: PlansContext, reference: string): Promise<string | null> {
  let path = reference.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return null;
    }
  }
  const upload = await uploadedObject(ctx.config.UPLOAD_TOKEN_SECRET, path);
  if (upload.kind === 'unsigned-address') return null;
  if (upload.kind === 'object') return upload.bucket === PLAN_IMAGES_BUCKET ? upload.key : null;
  const served = PLAN_IMAGE_PATH.exec(path);
  return served ? `${served[1]}/${served[2]}` : null;
}

/** A plan's imageUrl: an existing plan image, as its public address. */
export async function checkPlanImage(ctx: PlansContext, reference: string): Promise<string> {
  const key = await keyOf(ctx, reference);
  if (!key || !(await objectExists(ctx.store, PLAN_IMAGES_BUCKET, key)))
    throw new ValidationError(NOT_A_PLAN_IMAGE, [{ path: 'imageUrl', message: NOT_A_PLAN_IMAGE }]);
  return publicImagePath(key);
}

/** `PUT /api/plan-images`: the spec's step between the upload and the plan form; audited like every admin action. */
export async function attachImage(
  ctx: PlansContext,
  admin: AuthUser,
  imageURL: string,
  meta: RequestMeta,
): Promise<{ objectPath: string }> {
  const key = await keyOf(ctx, imageURL);
  if (!key || !(await objectExists(ctx.store, PLAN_IMAGES_BUCKET, key)))
    throw new ValidationError(NOT_A_PLAN_IMAGE, [{ path: 'imageURL', message: NOT_A_PLAN_IMAGE }]);
  const path = publicImagePath(key);
  await inTransaction(ctx, (trx) =>
    ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: 'plan_image_upload',
        targetId: path,
        targetType: 'plan_image',
        details: { objectPath: path },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    ),
  );
  return { objectPath: path };
}

export interface ServedImage {
  body: Readable;
  contentType: string;
  size: number;
  etag: string;
}

/** The public read of a plan image; anything else in the bucket or a missing key is a plain 404. */
export async function readImage(ctx: PlansContext, owner: string, id: string): Promise<ServedImage> {
  const key = `${owner}/${id}`;
  try {
    const stat = await ctx.store.statObject(PLAN_IMAGES_BUCKET, key);
    const body = await ctx.store.getObject(PLAN_IMAGES_BUCKET, key);
    const contentType = (stat.metaData?.['content-type'] as string | undefined) ?? 'application/octet-stream';
    return { body, contentType, size: stat.size, etag: `"${stat.etag}"` };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'NotFound' || code === 'NoSuchKey') throw new NotFoundError('Image not found');
    throw error;
  }
}
