// Field reports (issue 25 item 7, docs/decisions/0093-field-reports.md): what an admin publishes on a plan's
// timeline, with photos whose SHA-256 and capture time go into the hash-chained audit log with the report, so an
// altered report or photo shows in its verification. A published report never changes; a correction is a new
// report naming the one it corrects.
import { z } from '../zod.ts';
import { PageQuery, Timestamp, Uuid } from '../common.ts';
import { Investment, PlanCoverage } from './model.ts';

export const FIELD_REPORT_STAGES = [
  'planted',
  'growing',
  'flowering',
  'pre_harvest',
  'harvested',
  'adverse_event',
] as const;
export const FieldReportStage = z.enum(FIELD_REPORT_STAGES, {
  error: () => `Stage must be one of: ${FIELD_REPORT_STAGES.join(', ')}`,
});
export type FieldReportStage = z.infer<typeof FieldReportStage>;

export const FIELD_REPORT_TEXT_MAX = 5000;
export const FIELD_REPORT_PHOTOS_MAX = 10;

const Sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

export const FieldReportInput = z
  .object({
    stage: FieldReportStage,
    text: z
      .string({ error: (issue) => (issue.input === undefined ? 'Text is required' : 'Text must be text') })
      .trim()
      .min(1, 'Text is required')
      .max(FIELD_REPORT_TEXT_MAX, `Text must be at most ${FIELD_REPORT_TEXT_MAX} characters`)
      .refine((value) => !value.includes('\u0000'), 'Text must not contain NUL characters'),
    /** Plan-image uploads (their uploadURL or objectPath from /api/objects/upload), in the order shown. */
    photos: z
      .array(z.string({ error: 'Each photo must be an upload address' }).max(4096), {
        error: 'Photos must be a list of upload addresses',
      })
      .max(FIELD_REPORT_PHOTOS_MAX, `At most ${FIELD_REPORT_PHOTOS_MAX} photos`)
      .default([]),
    /** The earlier report of the same plan this one corrects (the earlier one stays as it was). */
    correctsReportId: Uuid.nullish().transform((value) => value ?? null),
  })
  .strict()
  .openapi('FieldReportInput');
export type FieldReportInput = z.infer<typeof FieldReportInput>;

/** Where a photo's capture time comes from: the photo's own EXIF date, or the time it was published. */
export const CaptureTimeSource = z.enum(['exif', 'upload']);
export type CaptureTimeSource = z.infer<typeof CaptureTimeSource>;

export const FieldReportPhoto = z
  .object({
    id: Uuid,
    /** A short-lived signed link to the photo (valid until `urlExpiresAt`); ask the timeline again for a new one. */
    url: z.string(),
    urlExpiresAt: Timestamp,
    contentType: z.string(),
    size: z.number().int().min(1),
    /** SHA-256 (hex) of the stored bytes, computed by the server when the report was published. */
    sha256: Sha256Hex,
    capturedAt: Timestamp,
    capturedAtSource: CaptureTimeSource,
  })
  .openapi('FieldReportPhoto');
export type FieldReportPhoto = z.infer<typeof FieldReportPhoto>;

export const FieldReport = z
  .object({
    id: Uuid,
    planId: Uuid,
    stage: FieldReportStage,
    /** An adverse-event report: shown highlighted, and mailed to the plan's investors. */
    adverse: z.boolean(),
    text: z.string(),
    /** SHA-256 (hex) of the text's UTF-8 bytes, as recorded in the audit log. */
    textSha256: Sha256Hex,
    correctsReportId: Uuid.nullable(),
    /** The newest later report that corrects this one, if any. */
    correctedByReportId: Uuid.nullable(),
    publishedAt: Timestamp,
    photos: z.array(FieldReportPhoto),
  })
  .openapi('FieldReport');
export type FieldReport = z.infer<typeof FieldReport>;

/** A plan's timeline: newest first, one page. */
export const FieldReportQuery = PageQuery.strict().openapi('FieldReportQuery');
export type FieldReportQuery = z.infer<typeof FieldReportQuery>;

/** What an investment shows of its plan's timeline: the newest report, linked to the full timeline. */
export const LatestFieldReport = z
  .object({
    id: Uuid,
    stage: FieldReportStage,
    adverse: z.boolean(),
    publishedAt: Timestamp,
  })
  .openapi('LatestFieldReport');
export type LatestFieldReport = z.infer<typeof LatestFieldReport>;

/** An investor's own investment (My Investments) with its plan's newest field report; the timeline is GET /api/plans/{planId}/field-reports. */
export const InvestmentWithFieldReport = Investment.extend({
  latestFieldReport: LatestFieldReport.nullable(),
}).openapi('InvestmentWithFieldReport');
export type InvestmentWithFieldReport = z.infer<typeof InvestmentWithFieldReport>;

/** A row of My Investments (GET /api/investments): also its plan's coverage now, for the gauge. */
export const MyInvestment = InvestmentWithFieldReport.extend({ planCoverage: PlanCoverage }).openapi(
  'MyInvestment',
);
export type MyInvestment = z.infer<typeof MyInvestment>;

const HashCheck = z.object({
  /** What the audit entry recorded (null when the entry is not there). */
  recorded: Sha256Hex.nullable(),
  /** What the server computes now (null when the photo is gone from the store). */
  computed: Sha256Hex.nullable(),
  matches: z.boolean(),
});

/**
 * `intact`: the audit entry is in the chain with its own hash, and the report's stage, plan, text and every
 * photo's stored bytes still give what it recorded. `altered`: something differs (see the checks).
 * `audit_pending`: the audit entry has not reached the log yet (it follows through the bus within seconds).
 */
export const FieldReportVerification = z
  .object({
    reportId: Uuid,
    status: z.enum(['intact', 'altered', 'audit_pending']),
    auditEntry: z.object({
      id: Uuid,
      found: z.boolean(),
      /** Position in the hash chain, and whether the entry's fields still give its stored hash. */
      position: z.number().int().nullable(),
      hash: Sha256Hex.nullable(),
      intact: z.boolean(),
    }),
    stageMatches: z.boolean(),
    planMatches: z.boolean(),
    text: HashCheck,
    photos: z.array(HashCheck.extend({ id: Uuid })),
  })
  .openapi('FieldReportVerification');
export type FieldReportVerification = z.infer<typeof FieldReportVerification>;
