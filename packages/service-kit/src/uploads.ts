// Uploads (ARCHITECTURE.md section 8), shared by every service that owns a bucket: a client asks for a ticket
// (`POST /api/objects/upload`), PUTs the file to the ticket's gateway address, and hands the objectPath to the
// owning call. The address carries a short-lived signed token (a JWT, HS256, with the owning service's secret) naming the bucket, the object key, the
// owner, the size cap and the allowed types; the owning service checks the token, sniffs the type from the
// leading bytes (never the name or the Content-Type header) and streams the body to S3 (MinIO) with the cap.
import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Middleware } from 'koa';
import type { Knex } from 'knex';
import { Client as MinioClient } from 'minio';
import { z, type UploadResult, type UploadTicketCommand } from '@cropvest/contracts';
import type { Migration } from './db.ts';
import { AppError, BadRequestError, ConflictError, ForbiddenError, NotFoundError } from './errors.ts';

const SNIFFED_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'] as const;
export type SniffedType = (typeof SNIFFED_TYPES)[number];
export const IMAGE_TYPES: SniffedType[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const DOCUMENT_TYPES: SniffedType[] = [...IMAGE_TYPES, 'application/pdf'];

/** What a bucket's owner declares beside its code: the kit names no bucket. */
export interface UploadRule {
  bucket: string;
  maxBytes: number;
  types: SniffedType[];
  /** Only admins may ask for a ticket. */
  adminOnly?: boolean;
  /** Readable by anyone through the gateway (plan images); otherwise only through short-lived links. */
  public?: boolean;
}

/** What a signed upload token promises. */
export interface UploadClaims {
  bucket: string;
  key: string;
  userId: string;
  maxBytes: number;
  types: SniffedType[];
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const UPLOAD_TOKEN_ALGORITHM = 'HS256';
const signingKey = (secret: string) => new TextEncoder().encode(secret);
const invalidToken = () => new ForbiddenError('This upload link is not valid', 'UPLOAD_TOKEN_INVALID');

/** A compact JWT (HS256) carrying the claims, signed with the owning service's secret. */
export async function signUploadToken(secret: string, claims: UploadClaims): Promise<string> {
  const { exp, ...rest } = claims;
  return new SignJWT({ ...rest })
    .setProtectedHeader({ alg: UPLOAD_TOKEN_ALGORITHM, typ: 'JWT' })
    .setExpirationTime(exp)
    .sign(signingKey(secret));
}

/**
 * Checks a token's signature and, unless `ignoreExpiry`, its expiry. A tampered or foreign token and an expired
 * one are refused with 403 and a message saying which. Only HS256 is accepted (jose refuses any other algorithm,
 * `none` included, before looking at the signature).
 */
export async function verifyUploadToken(
  secret: string,
  token: string,
  options: { now?: Date; ignoreExpiry?: boolean } = {},
): Promise<UploadClaims> {
  if (token.length > MAX_TOKEN_LENGTH) throw invalidToken();
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, signingKey(secret), {
      algorithms: [UPLOAD_TOKEN_ALGORITHM],
      requiredClaims: ['exp'],
      ...(options.now ? { currentDate: options.now } : {}),
    }));
  } catch (error) {
    // The signature is checked before the claims, so an expired token here is one this secret signed.
    if (!(error instanceof errors.JWTExpired)) throw invalidToken();
    if (!options.ignoreExpiry)
      throw new ForbiddenError('This upload link has expired; ask for a new one', 'UPLOAD_TOKEN_EXPIRED');
    payload = error.payload;
  }
  const claims = UploadClaimsSchema.safeParse(payload);
  if (!claims.success) throw invalidToken();
  return claims.data;
}

const MAX_TOKEN_LENGTH = 4096;

const UploadClaimsSchema = z.object({
  bucket: z.string(),
  key: z.string(),
  userId: z.string(),
  maxBytes: z.number().int().positive(),
  types: z.array(z.enum(SNIFFED_TYPES)),
  exp: z.number(),
});

export interface UploadTicketData {
  uploadURL: string;
  objectPath: string;
  expiresAt: string;
  maxBytes: number;
  allowedTypes: string[];
}

/**
 * A ticket for one object: a fresh key under the requester's id, valid for `ttlSeconds`, signed with the owning
 * service's secret. An admin-only rule refuses anyone else (403 ADMIN_ONLY_UPLOAD).
 */
export async function issueUploadTicket(options: {
  secret: string;
  rule: UploadRule;
  requester: UploadTicketCommand;
  ttlSeconds: number;
  basePath?: string;
  now?: Date;
}): Promise<UploadTicketData> {
  const { rule } = options;
  const { userId, role } = options.requester;
  if (rule.adminOnly && role !== 'admin')
    throw new ForbiddenError(
      `Only admins can upload ${rule.bucket.replaceAll('-', ' ')}`,
      'ADMIN_ONLY_UPLOAD',
    );
  const now = options.now ?? new Date();
  const exp = Math.floor(now.getTime() / 1000) + options.ttlSeconds;
  const key = `${userId}/${randomUUID()}`;
  const token = await signUploadToken(options.secret, {
    bucket: rule.bucket,
    key,
    userId,
    maxBytes: rule.maxBytes,
    types: [...rule.types],
    exp,
  });
  return {
    uploadURL: `${options.basePath ?? '/api/uploads'}/${rule.bucket}/${token}`,
    objectPath: objectPath(rule.bucket, key),
    expiresAt: new Date(exp * 1000).toISOString(),
    maxBytes: rule.maxBytes,
    allowedTypes: [...rule.types],
  };
}

export const objectPath = (bucket: string, key: string): string => `/objects/${bucket}/${key}`;

/** Reads `/objects/<bucket>/<key>`; the key must be `<owner id>/<uuid>` as tickets make them. */
export function parseObjectPath(path: string): { bucket: string; key: string; ownerId: string } | null {
  const match = /^\/objects\/([a-z0-9-]{3,63})\/([0-9a-f-]{36})\/([0-9a-f-]{36})$/.exec(path);
  if (!match) return null;
  const [, bucket = '', ownerId = '', id = ''] = match;
  return { bucket, key: `${ownerId}/${id}`, ownerId };
}

/** What a client's reference to one of its uploads points at (see uploadedObject). */
export type UploadReference =
  | { kind: 'object'; path: string; bucket: string; key: string; ownerId: string }
  /** An upload address whose token this platform did not sign. */
  | { kind: 'unsigned-address' }
  /** Neither an object path nor an upload address. */
  | { kind: 'unknown' };

/**
 * Reads the two ways a client refers to a file it uploaded: the objectPath its ticket gave, or the uploadURL
 * it sent the bytes to (absolute or not; the signed token in it names the object, expired or not, since
 * forms are often submitted after the link has run out). Bucket, owner and existence are the caller's to check.
 */
export async function uploadedObject(secret: string, reference: string): Promise<UploadReference> {
  let path = reference;
  const address = /\/api\/uploads\/[a-z0-9-]+\/([A-Za-z0-9_.-]+)$/.exec(reference);
  if (address) {
    try {
      const claims = await verifyUploadToken(secret, address[1] as string, { ignoreExpiry: true });
      path = objectPath(claims.bucket, claims.key);
    } catch {
      return { kind: 'unsigned-address' };
    }
  }
  const parsed = parseObjectPath(path);
  return parsed ? { kind: 'object', path, ...parsed } : { kind: 'unknown' };
}

/** The file's type from its leading bytes (magic numbers), or null when it is none of the known types. */
export function sniffContentType(head: Buffer): SniffedType | null {
  const starts = (bytes: number[], offset = 0) => bytes.every((b, i) => head[offset + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61)
    return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

const SNIFF_BYTES = 16;

const describeTypes = (types: SniffedType[]) =>
  types.map((t) => (t === 'application/pdf' ? 'PDF' : t.replace('image/', '').toUpperCase())).join(', ');
const describeSize = (bytes: number) =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`;

export interface ObjectStoreConfig {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  region?: string;
}

export type ObjectStore = MinioClient;

export function createObjectStore(config: ObjectStoreConfig): ObjectStore {
  const url = new URL(config.endpoint);
  return new MinioClient({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80,
    useSSL: url.protocol === 'https:',
    accessKey: config.accessKey,
    secretKey: config.secretKey,
    region: config.region ?? 'us-east-1',
    pathStyle: true,
  });
}

/** The environment of a service that owns an upload bucket: its own token secret and the tickets' lifetime. */
export const UploadTokenConfig = z.object({
  /** Signs and checks this service's upload tokens (HS256); each bucket owner has its own, 32+ characters. */
  UPLOAD_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /** How long an upload address works. */
  UPLOAD_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(600),
});

/** The environment every service that stores uploads reads (wallet, plans, KYC). */
export const S3Config = z.object({
  /** S3-compatible store (MinIO; the local S3 server in dev and tests). */
  S3_ENDPOINT: z.url({ message: 'must be the http(s) URL of the S3-compatible store' }),
  S3_ACCESS_KEY: z.string().min(1),
  S3_SECRET_KEY: z.string().min(1),
  S3_REGION: z.string().default('us-east-1'),
  /** The S3 address browsers reach, when it differs from S3_ENDPOINT (private links are signed for it). */
  S3_PUBLIC_ENDPOINT: z.url().optional(),
});
export type S3Config = z.infer<typeof S3Config>;

/** The store a service writes to, and the one it signs browser links with (the same unless S3_PUBLIC_ENDPOINT). */
export function objectStoresFromConfig(config: S3Config): { store: ObjectStore; linkStore: ObjectStore } {
  const credentials = {
    accessKey: config.S3_ACCESS_KEY,
    secretKey: config.S3_SECRET_KEY,
    region: config.S3_REGION,
  };
  const store = createObjectStore({ endpoint: config.S3_ENDPOINT, ...credentials });
  const linkStore = config.S3_PUBLIC_ENDPOINT
    ? createObjectStore({ endpoint: config.S3_PUBLIC_ENDPOINT, ...credentials })
    : store;
  return { store, linkStore };
}

/**
 * Stores an upload body as the object named by verified claims. Refuses before reading when the declared
 * length is over the cap; otherwise reads the first bytes, checks the type, and counts every byte as it
 * arrives, stopping at the first byte over the cap, so nothing larger is ever stored.
 */
export async function streamUploadToStore(
  store: ObjectStore,
  body: AsyncIterable<Buffer>,
  claims: UploadClaims,
  declaredLength?: number,
): Promise<{ size: number; contentType: SniffedType }> {
  const tooLarge = () =>
    new AppError(413, 'FILE_TOO_LARGE', `File is too large: at most ${describeSize(claims.maxBytes)}`);
  const iterator = body[Symbol.asyncIterator]();
  try {
    if (declaredLength !== undefined && declaredLength > claims.maxBytes) throw tooLarge();
    return await readAndStore(store, iterator, claims, tooLarge);
  } catch (error) {
    if (error instanceof AppError) await discardRest(iterator, DISCARD_LIMIT_BYTES).catch(() => undefined);
    throw error;
  }
}

/**
 * Reads and drops what is left of a refused body (up to a bound), so the proxy in front finishes sending and reads
 * the answer: a socket closed with unread data resets, and the answer is lost (the gateway then said 502, the
 * client saw a reset). Past the bound or a stall, the stream is destroyed.
 */
export async function discardBody(body: AsyncIterable<Buffer>): Promise<void> {
  // A client that went away leaves nothing to drain and no one to answer.
  await discardRest(body[Symbol.asyncIterator](), DISCARD_LIMIT_BYTES).catch(() => undefined);
}

const DISCARD_LIMIT_BYTES = 16 * 1024 * 1024;
const DISCARD_TIMEOUT_MS = 10_000;

async function discardRest(iterator: AsyncIterator<Buffer>, limit: number): Promise<void> {
  let seen = 0;
  const deadline = Date.now() + DISCARD_TIMEOUT_MS;
  while (seen <= limit) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) break;
    let timer: NodeJS.Timeout | undefined;
    const next = await Promise.race([
      iterator.next(),
      new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), remaining))),
    ]);
    clearTimeout(timer);
    if (next === 'timeout') break;
    if (next.done) return;
    seen += next.value.length;
  }
  await iterator.return?.();
}

async function readAndStore(
  store: ObjectStore,
  iterator: AsyncIterator<Buffer>,
  claims: UploadClaims,
  tooLarge: () => AppError,
): Promise<{ size: number; contentType: SniffedType }> {
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let done = false;
  while (headLength < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    headChunks.push(next.value);
    headLength += next.value.length;
  }
  const head = Buffer.concat(headChunks);
  if (head.length === 0) throw new BadRequestError('The file is empty', 'FILE_EMPTY');
  const contentType = sniffContentType(head);
  if (!contentType || !claims.types.includes(contentType)) {
    throw new AppError(
      415,
      'UNSUPPORTED_FILE_TYPE',
      `This kind of file is not accepted: send ${describeTypes(claims.types)} (the content is checked, not the name)`,
    );
  }
  if (head.length > claims.maxBytes) throw tooLarge();

  // The S3 V4 signature covers the payload's hash, so the client reads each object (at most the cap) before
  // one PUT; the cap is enforced on every chunk, so nothing larger is ever held or stored.
  const chunks: Buffer[] = [head];
  let size = head.length;
  while (!done) {
    const next = await iterator.next();
    if (next.done) break;
    size += next.value.length;
    if (size > claims.maxBytes) throw tooLarge();
    chunks.push(next.value);
  }
  await store.putObject(claims.bucket, claims.key, Buffer.concat(chunks, size), size, {
    'Content-Type': contentType,
  });
  return { size, contentType };
}

/** True when the object exists (after a successful PUT). */
export async function objectExists(store: ObjectStore, bucket: string, key: string): Promise<boolean> {
  try {
    await store.statObject(bucket, key);
    return true;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'NotFound' || code === 'NoSuchKey') return false;
    throw error;
  }
}

/** A short-lived signed link to read a private object; give it only to its owner or an admin. */
/** The signature covers the host: sign with a store made for the endpoint browsers reach (S3_PUBLIC_ENDPOINT). */
export async function privateObjectLink(
  store: ObjectStore,
  bucket: string,
  key: string,
  ttlSeconds: number,
): Promise<{ url: string; expiresAt: string }> {
  const url = await store.presignedGetObject(bucket, key, ttlSeconds);
  return { url, expiresAt: new Date(Date.now() + ttlSeconds * 1000).toISOString() };
}

/** One row per ticket whose upload began: the claim that lets a ticket store at most one object. */
const UPLOAD_CLAIMS_TABLE = 'upload_claims';

/** The claims table, in the schema of each service that serves an upload bucket (wallet, plans, KYC). */
export const uploadClaimsMigration: Migration = {
  name: '900_upload_claims',
  up: async (knex) => {
    await knex.schema.createTable(UPLOAD_CLAIMS_TABLE, (t) => {
      t.text('bucket').notNullable();
      t.text('object_key').notNullable();
      t.timestamp('claimed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['bucket', 'object_key']);
    });
  },
};

export interface UploadReceiver {
  db: Knex;
  store: ObjectStore;
  secret: string;
  /** The bucket whose PUTs this service serves. */
  bucket: string;
}

interface UploadRequest {
  /** The bucket named in the address. */
  bucket: string;
  token: string;
  body: AsyncIterable<Buffer>;
  declaredLength: number | undefined;
}

/**
 * The PUT of an upload address, for a bucket this service owns. The ticket is claimed with one insert before
 * anything is stored, so of concurrent PUTs with one ticket exactly one proceeds and the others get 409 (a
 * check of the store first let them all through, and the last write won). A refused upload (bad type, over the
 * cap, empty) gives the claim back, so the ticket can be used again for a correct file. Every refusal reads the
 * rest of the body first (bounded), so it reaches the client as the JSON error, never as a reset.
 */
async function receiveUpload(receiver: UploadReceiver, request: UploadRequest): Promise<UploadResult> {
  const { body, declaredLength } = request;
  let claimed: UploadClaims | undefined;
  try {
    if (request.bucket !== receiver.bucket) throw new NotFoundError('Unknown upload address');
    const claims = await verifyUploadToken(receiver.secret, request.token);
    if (claims.bucket !== receiver.bucket)
      throw new ForbiddenError('This upload link is not valid', 'UPLOAD_TOKEN_INVALID');
    const inserted = await receiver
      .db(UPLOAD_CLAIMS_TABLE)
      .insert({ bucket: claims.bucket, object_key: claims.key })
      .onConflict(['bucket', 'object_key'])
      .ignore()
      .returning('object_key');
    if (inserted.length === 0)
      throw new ConflictError('This upload link was already used; ask for a new one', 'UPLOAD_TOKEN_USED');
    claimed = claims;
  } catch (error) {
    await discardBody(body);
    throw error;
  }
  try {
    const { size, contentType } = await streamUploadToStore(receiver.store, body, claimed, declaredLength);
    return { objectPath: objectPath(claimed.bucket, claimed.key), size, contentType };
  } catch (error) {
    await receiver
      .db(UPLOAD_CLAIMS_TABLE)
      .where({ bucket: claimed.bucket, object_key: claimed.key })
      .delete();
    throw error;
  }
}

/**
 * The handler of a bucket's upload address, `PUT /api/uploads/<bucket>/:token`, for the service that owns the
 * bucket (serve it with `rawBodyPaths` covering /api/uploads/, so the body reaches it unread): the middleware of
 * the bucket's upload operation. No bearer token: the signed token in the address is the permission.
 */
export function uploadHandler(receiver: UploadReceiver): Middleware {
  return async (ctx) => {
    const { token } = ctx.params as { token: string };
    const length = ctx.get('content-length');
    ctx.body = await receiveUpload(receiver, {
      bucket: receiver.bucket,
      token,
      body: ctx.req,
      declaredLength: length ? Number(length) : undefined,
    });
  };
}
