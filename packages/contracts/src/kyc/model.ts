// Identity verification (spec sections 2, 3, 4, 5 and 7): an investor submits personal data and documents
// uploaded through the upload flow; an admin approves or rejects a pending submission. The schemas; the ID types
// and the required and document fields the form needs are in submission-rules.ts.
import { z } from '../zod.ts';
import { AdminSearch, PageQuery, Timestamp, Uuid } from '../common.ts';
import { isCalendarDay } from '../calendar.ts';
import { ID_TYPES, KYC_REQUIRED_FIELDS } from './submission-rules.ts';

export const KycIdType = z.enum(ID_TYPES, { error: () => `idType must be one of: ${ID_TYPES.join(', ')}` });
export type KycIdType = z.infer<typeof KycIdType>;

export const KYC_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const KycRecordStatus = z.enum(KYC_STATUSES);
export type KycRecordStatus = z.infer<typeof KycRecordStatus>;

export const kycMissingMessage = (field: string): string =>
  `Please fill in all required fields. Missing: ${field}`;

const blank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const text = (label: string, max: number) =>
  z
    .string({ error: () => `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

/** `YYYY-MM-DD`, a real day, at least 18 and at most 120 years ago. */
const DateOfBirth = z
  .string({ error: () => 'dateOfBirth must be text' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'dateOfBirth must be a date like 1990-04-21')
  .refine(isCalendarDay, 'dateOfBirth is not a real date')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    const now = new Date();
    const adult = new Date(Date.UTC(now.getUTCFullYear() - 18, now.getUTCMonth(), now.getUTCDate()));
    return date <= adult;
  }, 'You must be at least 18 years old')
  .refine(
    (value) => new Date(`${value}T00:00:00Z`).getUTCFullYear() >= new Date().getUTCFullYear() - 120,
    'dateOfBirth is too far in the past',
  );

const Document = (label: string) => text(label, 1000).min(1, kycMissingMessage(label));

/** The form's fields and their rules; the document shows them as the submit body. */
export const KycSubmitFields = z
  .object({
    firstName: text('firstName', 100),
    lastName: text('lastName', 100),
    dateOfBirth: DateOfBirth,
    nationality: text('nationality', 100),
    address: text('address', 200),
    city: text('city', 100),
    country: text('country', 100),
    postalCode: text('postalCode', 20),
    phoneNumber: text('phoneNumber', 30).regex(
      /^\+?[0-9 ()./-]{5,30}$/,
      'phoneNumber must be a phone number (digits, spaces, + - ( ) . /)',
    ),
    idType: KycIdType,
    idNumber: text('idNumber', 50).regex(
      /^[A-Za-z0-9 -]+$/,
      'idNumber may hold only letters, digits, spaces and hyphens',
    ),
    idDocumentFrontUrl: Document('idDocumentFrontUrl'),
    /** Optional: empty or missing means none. */
    idDocumentBackUrl: z.preprocess(
      (value) => (blank(value) ? null : value),
      text('idDocumentBackUrl', 1000).nullable(),
    ),
    selfieUrl: Document('selfieUrl'),
    proofOfAddressUrl: Document('proofOfAddressUrl'),
  })
  .strict()
  .openapi('KycSubmitRequest');

/**
 * The spec's submit rule first (every required field non-empty, the message naming the first missing one),
 * then each field's own rules. Document fields take the objectPath (or uploadURL) of a kyc-document upload.
 */
export const KycSubmitRequest = z
  .record(z.string(), z.unknown(), { error: () => 'Request body must be a JSON object' })
  .superRefine((body, ctx) => {
    const missing = KYC_REQUIRED_FIELDS.find((field) => blank(body[field]));
    if (missing) ctx.addIssue({ code: 'custom', message: kycMissingMessage(missing), path: [missing] });
  })
  .pipe(KycSubmitFields);
export type KycSubmitRequest = z.infer<typeof KycSubmitRequest>;

/** A submission as its owner and admins see it; document fields are object paths, opened through links. */
export const KycRecord = z
  .object({
    id: Uuid,
    userId: Uuid,
    firstName: z.string(),
    lastName: z.string(),
    dateOfBirth: z.string(),
    nationality: z.string(),
    address: z.string(),
    city: z.string(),
    country: z.string(),
    postalCode: z.string(),
    phoneNumber: z.string(),
    idType: KycIdType,
    idNumber: z.string(),
    idDocumentFrontUrl: z.string(),
    idDocumentBackUrl: z.string().nullable(),
    selfieUrl: z.string(),
    proofOfAddressUrl: z.string(),
    status: KycRecordStatus,
    reviewedBy: Uuid.nullable(),
    reviewedAt: Timestamp.nullable(),
    rejectionReason: z.string().nullable(),
    notes: z.string().nullable(),
    submittedAt: Timestamp,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('KycRecord');
export type KycRecord = z.infer<typeof KycRecord>;

/** GET /api/kyc/submissions: one page of the caller's own submissions, newest first (kept after a review). */
export const MyKycSubmissions = z.array(KycRecord).openapi('MyKycSubmissions');

/** GET /api/kyc: the latest submission, or `{}` when there is none (the spec's "not submitted"). */
export const MyKyc = z.union([KycRecord, z.object({}).strict()]).openapi('MyKyc');

export const AdminKycRecord = KycRecord.extend({
  user: z.object({ name: z.string(), email: z.string() }).nullable(),
  /** The reviewing admin's name for the review history ('Unknown User' when not projected yet); null while pending. */
  reviewerName: z.string().nullable(),
}).openapi('AdminKycRecord');
export type AdminKycRecord = z.infer<typeof AdminKycRecord>;
/** One page of GET /api/admin/kyc (the total of all matching submissions in X-Total-Count). */
export const AdminKycList = z.array(AdminKycRecord).openapi('AdminKycList');

export const AdminKycStatusFilter = z.enum(['all', ...KYC_STATUSES], {
  error: () => `status must be one of: all, ${KYC_STATUSES.join(', ')}`,
});
export type AdminKycStatusFilter = z.infer<typeof AdminKycStatusFilter>;
/** `-submittedAt` newest first (the default), `submittedAt` oldest first, `name` / `-name` by full name. */
export const AdminKycSort = z.enum(['-submittedAt', 'submittedAt', 'name', '-name'], {
  error: () => 'sort must be one of: -submittedAt, submittedAt, name, -name',
});
export type AdminKycSort = z.infer<typeof AdminKycSort>;

export const AdminKycQuery = PageQuery.extend({
  /** Searched in the submitted full name, the account's name and email, and the ID number. */
  q: AdminSearch,
  /** Only this account's submissions (the admin's user page). */
  userId: Uuid.optional(),
  status: AdminKycStatusFilter.default('all'),
  sort: AdminKycSort.default('-submittedAt'),
})
  .strict()
  .openapi('AdminKycQuery');
export type AdminKycQuery = z.infer<typeof AdminKycQuery>;

export const AdminKycCountsQuery = z.object({ q: AdminSearch }).strict().openapi('AdminKycCountsQuery');
export type AdminKycCountsQuery = z.infer<typeof AdminKycCountsQuery>;

/** How many submissions matching the search are in each status (the screen's counters and tabs). */
export const AdminKycCounts = z
  .object({
    all: z.number().int(),
    pending: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
  })
  .openapi('AdminKycCounts');
export type AdminKycCounts = z.infer<typeof AdminKycCounts>;

export const KYC_REJECTION_REASON_REQUIRED = 'Please provide a rejection reason.';

/** Only a pending submission can be reviewed; a rejection needs a non-blank reason; notes are kept. */
export const KycReviewRequest = z
  .object({
    status: z.enum(['approved', 'rejected'], { error: () => 'status must be one of: approved, rejected' }),
    notes: z.preprocess((value) => (blank(value) ? null : value), text('notes', 2000).nullable()),
    rejectionReason: z.preprocess(
      (value) => (blank(value) ? null : value),
      text('rejectionReason', 500).nullable(),
    ),
  })
  .strict()
  .superRefine((review, ctx) => {
    if (review.status === 'rejected' && !review.rejectionReason)
      ctx.addIssue({ code: 'custom', message: KYC_REJECTION_REASON_REQUIRED, path: ['rejectionReason'] });
  })
  .openapi('KycReviewRequest');
export type KycReviewRequest = z.infer<typeof KycReviewRequest>;

export const KycDocumentLink = z
  .object({ url: z.string(), expiresAt: Timestamp, contentType: z.string().nullable() })
  .openapi('KycDocumentLink');
export type KycDocumentLink = z.infer<typeof KycDocumentLink>;

/** Short-lived links to every document of one submission (the review dialog's view buttons). */
export const KycDocumentLinks = z
  .object({
    front: KycDocumentLink,
    back: KycDocumentLink.nullable(),
    selfie: KycDocumentLink,
    proofOfAddress: KycDocumentLink,
  })
  .openapi('KycDocumentLinks');
export type KycDocumentLinks = z.infer<typeof KycDocumentLinks>;

// ---- request/reply ----

/** A KYC-document upload ticket (UploadTicketCommand → UploadTicket), signed by KYC, the bucket's owner. */
export const KYC_DOCUMENT_TICKET_SUBJECT = 'cmd.kyc.upload-ticket';
