// Pure rules for KYC submissions: the row-to-contract mapping and what a review may do.
import type { AdminKycRecord, KycIdType, KycRecord, KycRecordStatus } from '@cropvest/contracts';

export interface KycRow {
  id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  nationality: string;
  address: string;
  city: string;
  country: string;
  postal_code: string;
  phone_number: string;
  id_type: KycIdType;
  id_number: string;
  id_document_front_url: string;
  id_document_back_url: string | null;
  selfie_url: string;
  proof_of_address_url: string;
  status: KycRecordStatus;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  rejection_reason: string | null;
  notes: string | null;
  submitted_at: Date;
  created_at: Date;
  updated_at: Date;
}

export interface AdminKycRow extends KycRow {
  user_name: string | null;
  user_email: string | null;
  reviewer_name: string | null;
}

export function toKycRecord(row: KycRow): KycRecord {
  return {
    id: row.id,
    userId: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    dateOfBirth: row.date_of_birth,
    nationality: row.nationality,
    address: row.address,
    city: row.city,
    country: row.country,
    postalCode: row.postal_code,
    phoneNumber: row.phone_number,
    idType: row.id_type,
    idNumber: row.id_number,
    idDocumentFrontUrl: row.id_document_front_url,
    idDocumentBackUrl: row.id_document_back_url,
    selfieUrl: row.selfie_url,
    proofOfAddressUrl: row.proof_of_address_url,
    status: row.status,
    reviewedBy: row.reviewed_by,
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
    rejectionReason: row.rejection_reason,
    notes: row.notes,
    submittedAt: row.submitted_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export const toAdminKycRecord = (row: AdminKycRow): AdminKycRecord => ({
  ...toKycRecord(row),
  user:
    row.user_name !== null && row.user_email !== null ? { name: row.user_name, email: row.user_email } : null,
  reviewerName: row.reviewed_by ? (row.reviewer_name ?? 'Unknown User') : null,
});

/** Why a user may not submit now, or null when they may (nothing yet, or only rejected submissions). */
export function submitRefusal(latest: Pick<KycRow, 'status'> | undefined): string | null {
  if (latest?.status === 'pending')
    return 'Your KYC submission is under review. You can submit again only if it is rejected.';
  if (latest?.status === 'approved') return 'Your identity is already verified.';
  return null;
}

/** Only a pending submission can be reviewed; reviewed ones are read-only (spec section 4). */
export const reviewRefusal = (row: Pick<KycRow, 'status'>): string | null =>
  row.status === 'pending'
    ? null
    : `This submission was already ${row.status}; reviewed submissions are read-only.`;

/** The same uploaded file may not stand for two documents of one submission. */
export function duplicateDocument(paths: (string | null)[]): boolean {
  const given = paths.filter((p): p is string => p !== null);
  return new Set(given).size !== given.length;
}
