// Field reports (docs/decisions/0093-field-reports.md): an admin publishes a report on a plan's timeline with photos
// uploaded as plan images. Each photo is copied to a key of the report's own, out of the public image addresses'
// reach, and its SHA-256 is computed from the stored bytes; its capture time comes from its EXIF date when it has
// one. The report, its text hash and every photo's hash and capture time go into the hash-chained audit log in the
// same transaction as the report, and a verification recomputes them all and compares with that entry.
import { createHash, randomUUID } from 'node:crypto';
import exifr from 'exifr';
import {
  AuditEntryAnswer,
  IDENTITY_AUDIT_ENTRY_SUBJECT,
  type AuditEntryQuery,
  type CaptureTimeSource,
  type FieldReport,
  type FieldReportInput,
  type FieldReportQuery,
  type FieldReportVerification,
  type Investment,
  type InvestmentWithFieldReport,
} from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { sendCommand } from '@cropvest/service-kit/bus';
import { type Page } from '@cropvest/service-kit/db';
import { ConflictError, NotFoundError, ValidationError } from '@cropvest/service-kit/errors';
import { privateObjectLink, uploadedObject } from '@cropvest/service-kit/uploads';
import { findPlan } from '../db/plans.ts';
import {
  findFieldReport,
  insertFieldReport,
  latestReportsOf,
  pageFieldReports,
  photosOf,
  planInvestorIds,
  publishedSources,
  type FieldReportPhotoRow,
  type FieldReportRow,
} from '../db/field-reports.ts';
import { inTransaction, type PlansContext, type RequestMeta } from './context.ts';
import { PLAN_IMAGES_BUCKET, publicImagePath } from './images.ts';
import { visiblePlan } from './plans.ts';

const sha256 = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex');

/** The key of a report's copy of a photo: not `<uuid>/<uuid>`, so GET /api/plan-images never serves it. */
const photoKey = (reportId: string, photoId: string) => `field-reports/${reportId}/${photoId}`;

async function readObject(ctx: PlansContext, key: string): Promise<Buffer | null> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await ctx.store.getObject(PLAN_IMAGES_BUCKET, key))
      chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'NotFound' || code === 'NoSuchKey') return null;
    throw error;
  }
}

/** A capture time in the future is a camera's wrong clock, not a capture time. */
const CLOCK_SLACK_MS = 24 * 60 * 60 * 1000;

/** EXIF's `YYYY:MM:DD HH:MM:SS`, and the `±HH:MM` of OffsetTimeOriginal when the camera wrote one. */
const EXIF_TIME = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const EXIF_OFFSET = /^[+-]\d{2}:\d{2}$/;

/**
 * The photo's EXIF capture date (DateTimeOriginal, else CreateDate), or null when it has none a reader can use.
 * EXIF times carry no zone unless OffsetTimeOriginal gives one; without it they are taken as UTC, whatever the
 * server's zone (exifr is asked for the raw text so the result never depends on it).
 */
async function exifCaptureTime(bytes: Buffer, now: Date): Promise<Date | null> {
  let tags: Record<string, unknown> | undefined;
  try {
    tags = (await exifr.parse(bytes, {
      pick: ['DateTimeOriginal', 'CreateDate', 'OffsetTimeOriginal'],
      reviveValues: false,
    })) as Record<string, unknown> | undefined;
  } catch {
    // A photo whose metadata cannot be read keeps its upload time: the bytes were already checked as an image.
    return null;
  }
  const text = String(tags?.DateTimeOriginal ?? tags?.CreateDate ?? '').trim();
  const parts = EXIF_TIME.exec(text);
  if (!parts) return null;
  const offset = String(tags?.OffsetTimeOriginal ?? '').trim();
  const [, year, month, day, hour, minute, second] = parts;
  const taken = new Date(
    `${year}-${month}-${day}T${hour}:${minute}:${second}${EXIF_OFFSET.test(offset) ? offset : 'Z'}`,
  );
  if (Number.isNaN(taken.getTime())) return null;
  return taken.getTime() > now.getTime() + CLOCK_SLACK_MS ? null : taken;
}

const NOT_AN_UPLOAD = 'Each photo must be a plan image uploaded through /api/objects/upload';

const invalidPhoto = (index: number, message: string) =>
  new ValidationError(message, [{ path: `photos.${index}`, message }]);

/** The uploads named by the input, as plan-image keys, each once, none already a report's or a plan's image. */
async function photoSources(ctx: PlansContext, references: string[]): Promise<string[]> {
  const keys: string[] = [];
  for (const [index, reference] of references.entries()) {
    // Only uploads (an uploadURL or objectPath): a served image address names a plan's image.
    const upload = await uploadedObject(ctx.config.UPLOAD_TOKEN_SECRET, reference.trim());
    if (upload.kind !== 'object' || upload.bucket !== PLAN_IMAGES_BUCKET)
      throw invalidPhoto(index, NOT_AN_UPLOAD);
    if (keys.includes(upload.key)) throw invalidPhoto(index, 'The same photo is named twice');
    keys.push(upload.key);
  }
  if (keys.length === 0) return keys;
  const used = await publishedSources(ctx.db, keys);
  if (used.length > 0)
    throw new ConflictError('A photo was already published in a field report', 'PHOTO_ALREADY_PUBLISHED');
  const imageOfPlan = await ctx.db('plans').whereIn('image_url', keys.map(publicImagePath)).first('id');
  if (imageOfPlan)
    throw new ConflictError(
      "A photo is a plan's image; upload the field photo on its own",
      'PHOTO_IS_PLAN_IMAGE',
    );
  return keys;
}

/** Copies each upload to the report's key, hashing the bytes read back from the store. */
async function storePhotos(
  ctx: PlansContext,
  reportId: string,
  sources: string[],
): Promise<FieldReportPhotoRow[]> {
  const now = new Date();
  const photos: FieldReportPhotoRow[] = [];
  for (const [position, source] of sources.entries()) {
    const bytes = await readObject(ctx, source);
    if (!bytes) throw invalidPhoto(position, NOT_AN_UPLOAD);
    const stat = await ctx.store.statObject(PLAN_IMAGES_BUCKET, source);
    const contentType = String(stat.metaData?.['content-type'] ?? 'application/octet-stream');
    const id = randomUUID();
    const key = photoKey(reportId, id);
    await ctx.store.putObject(PLAN_IMAGES_BUCKET, key, bytes, bytes.length, { 'Content-Type': contentType });
    const stored = await readObject(ctx, key);
    if (!stored) throw new Error(`field-report photo ${key} was not stored`);
    const taken = await exifCaptureTime(stored, now);
    const source_: CaptureTimeSource = taken ? 'exif' : 'upload';
    photos.push({
      id,
      report_id: reportId,
      position,
      object_key: key,
      source_key: source,
      content_type: contentType,
      size: stored.length,
      sha256: sha256(stored),
      captured_at: taken ?? stat.lastModified,
      captured_at_source: source_,
    });
  }
  return photos;
}

/** What the audit entry records of a report: everything its verification recomputes. */
const auditDetails = (
  report: Pick<FieldReportRow, 'plan_id' | 'stage' | 'text_sha256' | 'corrects_report_id'>,
  photos: FieldReportPhotoRow[],
) => ({
  planId: report.plan_id,
  stage: report.stage,
  textSha256: report.text_sha256,
  correctsReportId: report.corrects_report_id,
  photos: photos.map((photo) => ({
    id: photo.id,
    sha256: photo.sha256,
    size: photo.size,
    contentType: photo.content_type,
    capturedAt: photo.captured_at.toISOString(),
    capturedAtSource: photo.captured_at_source,
  })),
});

async function toFieldReports(ctx: PlansContext, rows: FieldReportRow[]): Promise<FieldReport[]> {
  const photos = await photosOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      planId: row.plan_id,
      stage: row.stage,
      adverse: row.stage === 'adverse_event',
      text: row.text,
      textSha256: row.text_sha256,
      correctsReportId: row.corrects_report_id,
      correctedByReportId: row.corrected_by_report_id,
      publishedAt: row.published_at.toISOString(),
      photos: await Promise.all(
        (photos.get(row.id) ?? []).map(async (photo) => {
          const link = await privateObjectLink(
            ctx.linkStore,
            PLAN_IMAGES_BUCKET,
            photo.object_key,
            ctx.config.PHOTO_LINK_TTL_SECONDS,
          );
          return {
            id: photo.id,
            url: link.url,
            urlExpiresAt: link.expiresAt,
            contentType: photo.content_type,
            size: photo.size,
            sha256: photo.sha256,
            capturedAt: photo.captured_at.toISOString(),
            capturedAtSource: photo.captured_at_source,
          };
        }),
      ),
    })),
  );
}

/** `POST /api/admin/plans/:id/field-reports`. */
export async function publishFieldReport(
  ctx: PlansContext,
  admin: AuthUser,
  planId: string,
  input: FieldReportInput,
  meta: RequestMeta,
): Promise<FieldReport> {
  const plan = await findPlan(ctx.db, planId);
  if (!plan) throw new NotFoundError('Plan not found');
  if (input.correctsReportId) {
    const corrected = await findFieldReport(ctx.db, input.correctsReportId);
    if (!corrected || corrected.plan_id !== planId)
      throw new NotFoundError('The report to correct is not a report of this plan', 'FIELD_REPORT_NOT_FOUND');
  }
  const sources = await photoSources(ctx, input.photos);
  const reportId = randomUUID();
  const photos = await storePhotos(ctx, reportId, sources);
  const report = {
    id: reportId,
    plan_id: planId,
    stage: input.stage,
    text: input.text,
    text_sha256: sha256(input.text),
    corrects_report_id: input.correctsReportId,
    published_by: admin.id,
  };
  let row: FieldReportRow;
  try {
    row = await inTransaction(ctx, async (trx) => {
      const auditEntryId = await ctx.events.audit(
        trx,
        {
          adminId: admin.id,
          action: 'field_report_publish',
          targetId: reportId,
          targetType: 'field_report',
          details: auditDetails(report, photos),
          ipAddress: meta.ip,
        },
        meta.traceparent,
      );
      const inserted = await insertFieldReport(trx, { ...report, audit_entry_id: auditEntryId }, photos);
      const investors = await planInvestorIds(trx, planId);
      await ctx.events.emitMany(
        trx,
        'field_report.published',
        investors.map((userId) => ({
          data: {
            reportId,
            userId,
            planId,
            planTitle: plan.title,
            stage: input.stage,
            adverse: input.stage === 'adverse_event',
          },
          meta: { actorId: admin.id, subjectId: reportId, traceparent: meta.traceparent },
        })),
      );
      return inserted;
    });
  } catch (error) {
    await removeObjects(
      ctx,
      photos.map((photo) => photo.object_key),
    );
    throw error;
  }
  // The uploads now live on as the report's copies; the originals would stay public image addresses.
  await removeObjects(ctx, sources);
  const [published] = await toFieldReports(ctx, [row]);
  return published as FieldReport;
}

async function removeObjects(ctx: PlansContext, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await ctx.store.removeObjects(PLAN_IMAGES_BUCKET, keys);
  } catch (error) {
    ctx.logger.warn({ err: error, keys }, 'could not remove field-report upload objects');
  }
}

/** `GET /api/plans/:id/field-reports`: the timeline, newest first. */
export async function fieldReportTimeline(
  ctx: PlansContext,
  user: AuthUser | undefined,
  planId: string,
  query: FieldReportQuery,
): Promise<Page<FieldReport>> {
  await visiblePlan(ctx, planId, user);
  const page = await pageFieldReports(ctx.db, planId, query);
  return { items: await toFieldReports(ctx, page.items), total: page.total };
}

const recordedHash = (value: unknown): string | null =>
  typeof value === 'string' && /^[0-9a-f]{64}$/.test(value) ? value : null;

/** `GET /api/admin/field-reports/:id/verification`. */
export async function verifyFieldReport(
  ctx: PlansContext,
  reportId: string,
): Promise<FieldReportVerification> {
  const report = await findFieldReport(ctx.db, reportId);
  if (!report) throw new NotFoundError('Field report not found');
  const query: AuditEntryQuery = { id: report.audit_entry_id };
  const { entry } = AuditEntryAnswer.parse(
    await sendCommand<unknown>(ctx.bus.nc, IDENTITY_AUDIT_ENTRY_SUBJECT, query),
  );
  const details =
    entry?.action === 'field_report_publish' && entry.targetId === reportId ? entry.details : {};
  const recordedPhotos = new Map(
    (Array.isArray(details.photos) ? (details.photos as { id?: unknown; sha256?: unknown }[]) : []).map(
      (photo) => [String(photo.id), recordedHash(photo.sha256)],
    ),
  );
  const textRecorded = recordedHash(details.textSha256);
  const textComputed = sha256(report.text);
  const stored = (await photosOf(ctx.db, [reportId])).get(reportId) ?? [];
  const photos = await Promise.all(
    stored.map(async (photo) => {
      const bytes = await readObject(ctx, photo.object_key);
      const computed = bytes ? sha256(bytes) : null;
      const recorded = recordedPhotos.get(photo.id) ?? null;
      return { id: photo.id, recorded, computed, matches: recorded !== null && recorded === computed };
    }),
  );
  const result = {
    reportId,
    auditEntry: {
      id: report.audit_entry_id,
      found: entry !== null,
      position: entry?.position ?? null,
      hash: entry?.hash ?? null,
      intact: entry?.intact ?? false,
    },
    stageMatches: details.stage === report.stage,
    planMatches: details.planId === report.plan_id,
    text: { recorded: textRecorded, computed: textComputed, matches: textRecorded === textComputed },
    photos,
  };
  if (!entry) return { ...result, status: 'audit_pending' };
  const intact =
    result.auditEntry.intact &&
    result.stageMatches &&
    result.planMatches &&
    result.text.matches &&
    photos.every((photo) => photo.matches) &&
    recordedPhotos.size === photos.length;
  return { ...result, status: intact ? 'intact' : 'altered' };
}

/** My Investments: each investment with its plan's newest report (null before the first). */
export async function withLatestFieldReports(
  ctx: PlansContext,
  investments: Investment[],
): Promise<InvestmentWithFieldReport[]> {
  const latest = new Map(
    (await latestReportsOf(ctx.db, [...new Set(investments.map((i) => i.planId))])).map((row) => [
      row.plan_id,
      {
        id: row.id,
        stage: row.stage,
        adverse: row.stage === 'adverse_event',
        publishedAt: row.published_at.toISOString(),
      },
    ]),
  );
  return investments.map((investment) => ({
    ...investment,
    latestFieldReport: latest.get(investment.planId) ?? null,
  }));
}
