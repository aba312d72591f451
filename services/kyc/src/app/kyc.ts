// KYC use cases: submit and read one's own; admins list, open documents and review pending submissions.
// Every change publishes its event, and every review its audit row, in the transaction that made it.
import { randomUUID } from 'node:crypto';
import type {
  AdminKycCounts,
  AdminKycQuery,
  AdminKycRecord,
  KycDocumentLinks,
  KycRecord,
  KycReviewRequest,
  KycSubmitRequest,
  PageQuery,
} from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { inTransaction, type Page } from '@cropvest/service-kit/db';
import { BadRequestError, ConflictError, NotFoundError } from '@cropvest/service-kit/errors';
import { duplicateDocument, reviewRefusal, submitRefusal } from '../domain/kyc.ts';
import {
  countAdmin,
  toAdminKycRecord,
  toKycRecord,
  findAdmin,
  findKyc,
  insertKyc,
  isSecondOpenSubmission,
  latestOfUser,
  pageOfUser,
  listAdmin,
  lockKyc,
  updateKyc,
} from '../db/kyc.ts';
import { documentLink, resolveDocument } from './documents.ts';
import { type KycContext, type RequestMeta } from './context.ts';

/** The latest submission, or `{}` when the user never submitted (the spec's "not submitted"). */
export async function mine(ctx: KycContext, user: AuthUser): Promise<KycRecord | Record<string, never>> {
  const latest = await latestOfUser(ctx.db, user.id);
  return latest ? toKycRecord(latest) : {};
}

/** The user's own submissions, newest first: a rejected one stays on record after a new one. */
export async function mySubmissions(
  ctx: KycContext,
  user: AuthUser,
  query: PageQuery,
): Promise<Page<KycRecord>> {
  const page = await pageOfUser(ctx.db, user.id, query);
  return { ...page, items: page.items.map(toKycRecord) };
}

export async function submit(
  ctx: KycContext,
  user: AuthUser,
  input: KycSubmitRequest,
  meta: RequestMeta,
): Promise<KycRecord> {
  const refusal = submitRefusal(await latestOfUser(ctx.db, user.id));
  if (refusal) throw new ConflictError(refusal, 'KYC_ALREADY_SUBMITTED');
  const front = await resolveDocument(ctx, user, 'idDocumentFrontUrl', input.idDocumentFrontUrl, false);
  const back = input.idDocumentBackUrl
    ? await resolveDocument(ctx, user, 'idDocumentBackUrl', input.idDocumentBackUrl, false)
    : null;
  const selfie = await resolveDocument(ctx, user, 'selfieUrl', input.selfieUrl, true);
  const proof = await resolveDocument(ctx, user, 'proofOfAddressUrl', input.proofOfAddressUrl, false);
  if (duplicateDocument([front, back, selfie, proof]))
    throw new BadRequestError('Each document must be its own file', 'DUPLICATE_DOCUMENT');
  try {
    const row = await inTransaction(ctx, async (trx) => {
      const inserted = await insertKyc(trx, {
        id: randomUUID(),
        user_id: user.id,
        first_name: input.firstName,
        last_name: input.lastName,
        date_of_birth: input.dateOfBirth,
        nationality: input.nationality,
        address: input.address,
        city: input.city,
        country: input.country,
        postal_code: input.postalCode,
        phone_number: input.phoneNumber,
        id_type: input.idType,
        id_number: input.idNumber,
        id_document_front_url: front,
        id_document_back_url: back,
        selfie_url: selfie,
        proof_of_address_url: proof,
      });
      await ctx.events.emit(
        trx,
        'kyc.submitted',
        { userId: user.id, kycId: inserted.id },
        { actorId: user.id, subjectId: inserted.id, traceparent: meta.traceparent },
      );
      return inserted;
    });
    return toKycRecord(row);
  } catch (error) {
    // Two submissions racing: the unique index lets one through.
    if (isSecondOpenSubmission(error))
      throw new ConflictError(
        'Your KYC submission is under review. You can submit again only if it is rejected.',
        'KYC_ALREADY_SUBMITTED',
      );
    throw error;
  }
}

/** One page of the searched, filtered and sorted submissions, with the total that match. */
export async function adminPage(ctx: KycContext, query: AdminKycQuery): Promise<Page<AdminKycRecord>> {
  const page = await listAdmin(ctx.db, query);
  return { ...page, items: page.items.map(toAdminKycRecord) };
}

export const counts = (ctx: KycContext, q: string | undefined): Promise<AdminKycCounts> =>
  countAdmin(ctx.db, q);

export async function documentLinks(ctx: KycContext, id: string): Promise<KycDocumentLinks> {
  const row = await findKyc(ctx.db, id);
  if (!row) throw new NotFoundError('KYC submission not found', 'KYC_NOT_FOUND');
  const [front, back, selfie, proofOfAddress] = await Promise.all([
    documentLink(ctx, row.id_document_front_url),
    row.id_document_back_url ? documentLink(ctx, row.id_document_back_url) : Promise.resolve(null),
    documentLink(ctx, row.selfie_url),
    documentLink(ctx, row.proof_of_address_url),
  ]);
  return { front, back, selfie, proofOfAddress };
}

export async function review(
  ctx: KycContext,
  admin: AuthUser,
  id: string,
  input: KycReviewRequest,
  meta: RequestMeta,
): Promise<AdminKycRecord> {
  await inTransaction(ctx, async (trx) => {
    const before = await lockKyc(trx, id);
    if (!before) throw new NotFoundError('KYC submission not found', 'KYC_NOT_FOUND');
    const refusal = reviewRefusal(before);
    if (refusal) throw new ConflictError(refusal, 'KYC_ALREADY_REVIEWED');
    const rejectionReason = input.status === 'rejected' ? input.rejectionReason : null;
    await updateKyc(trx, id, {
      status: input.status,
      reviewed_by: admin.id,
      reviewed_at: new Date(),
      rejection_reason: rejectionReason,
      notes: input.notes,
    });
    await ctx.events.emit(
      trx,
      'kyc.reviewed',
      { userId: before.user_id, kycId: id, status: input.status, rejectionReason },
      { actorId: admin.id, subjectId: before.user_id, traceparent: meta.traceparent },
    );
    await ctx.events.audit(
      trx,
      {
        adminId: admin.id,
        action: input.status === 'approved' ? 'kyc_approve' : 'kyc_reject',
        targetId: id,
        targetType: 'kyc_submission',
        details: {
          userId: before.user_id,
          ...(rejectionReason ? { rejectionReason } : {}),
          hasNotes: input.notes !== null,
        },
        ipAddress: meta.ip,
      },
      meta.traceparent,
    );
  });
  const row = await findAdmin(ctx.db, id);
  if (!row) throw new NotFoundError('KYC submission not found', 'KYC_NOT_FOUND');
  return toAdminKycRecord(row);
}
