import { containsPattern, pageOf, type Knex, type Page } from '@cropvest/service-kit/db';
// The KYC submissions table: its rows, their mapping to the contract's records, and the queries.
import type {
  AdminKycCounts,
  AdminKycQuery,
  AdminKycRecord,
  AdminKycSort,
  KycIdType,
  KycRecord,
  KycRecordStatus,
  PageQuery,
} from '@cropvest/contracts';

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

export async function insertKyc(
  trx: Knex.Transaction,
  row: Omit<
    KycRow,
    | 'status'
    | 'reviewed_by'
    | 'reviewed_at'
    | 'rejection_reason'
    | 'notes'
    | 'submitted_at'
    | 'created_at'
    | 'updated_at'
  >,
): Promise<KycRow> {
  const [inserted] = await trx<KycRow>('kyc_documents').insert(row).returning('*');
  return inserted as KycRow;
}

export const latestOfUser = (db: Knex, userId: string): Promise<KycRow | undefined> =>
  db<KycRow>('kyc_documents')
    .where({ user_id: userId })
    .orderBy('submitted_at', 'desc')
    .orderBy('id', 'desc')
    .first();

/** One page of a user's own submissions, newest first. */
export const pageOfUser = (db: Knex, userId: string, query: PageQuery): Promise<Page<KycRow>> =>
  pageOf<KycRow>(
    db<KycRow>('kyc_documents')
      .where({ user_id: userId })
      .orderBy([
        { column: 'submitted_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]),
    query,
  );

const withUser = (db: Knex) =>
  db<AdminKycRow>('kyc_documents as k')
    .leftJoin('users as u', 'u.id', 'k.user_id')
    .leftJoin('users as reviewer', 'reviewer.id', 'k.reviewed_by')
    .select('k.*', 'u.name as user_name', 'u.email as user_email', 'reviewer.name as reviewer_name');

/**
 * Submissions (aliased `k`) of `userId` when given, in `status` unless it is 'all', and, when `q` is given, whose submitted full name
 * or ID number, or whose submitter's account name or email, contains it case-insensitively. The matches are the
 * union of id sets each answered by its own trigram index (one OR across the tables would scan every row); the
 * account side goes through the `users` projection and the submissions' user_id index.
 */
function matching(
  db: Knex,
  { q, status, userId }: { q?: string | undefined; status?: string; userId?: string | undefined },
) {
  return (query: Knex.QueryBuilder) => {
    if (status && status !== 'all') void query.where('k.status', status);
    if (userId) void query.where('k.user_id', userId);
    if (!q) return;
    const pattern = containsPattern(q);
    const submissions = (condition: string) =>
      db('kyc_documents').select('id').whereRaw(`${condition} ILIKE ? ESCAPE '\\'`, [pattern]);
    void query.whereIn(
      'k.id',
      submissions(`(first_name || ' ' || last_name)`)
        .union(submissions('id_number'))
        .union(
          db('kyc_documents')
            .select('id')
            .whereIn(
              'user_id',
              db('users')
                .select('id')
                .whereRaw(`name ILIKE ? ESCAPE '\\'`, [pattern])
                .union(db('users').select('id').whereRaw(`email ILIKE ? ESCAPE '\\'`, [pattern])),
            ),
        ),
    );
  };
}

/** The chosen order, each column followed by the id in the same direction, so that pages never overlap. */
function sortOrder(sort: AdminKycSort) {
  const order: 'asc' | 'desc' = sort.startsWith('-') ? 'desc' : 'asc';
  const columns = sort.endsWith('name') ? ['k.first_name', 'k.last_name'] : ['k.submitted_at'];
  return [...columns, 'k.id'].map((column) => ({ column, order }));
}

export const listAdmin = (db: Knex, query: AdminKycQuery): Promise<Page<AdminKycRow>> =>
  pageOf<AdminKycRow>(withUser(db).modify(matching(db, query)).orderBy(sortOrder(query.sort)), query);

export async function countAdmin(db: Knex, q: string | undefined): Promise<AdminKycCounts> {
  return (await db('kyc_documents as k')
    .modify(matching(db, { q }))
    .first(
      db.raw(`count(*)::int AS "all"`),
      db.raw(`count(*) FILTER (WHERE k.status = 'pending')::int AS pending`),
      db.raw(`count(*) FILTER (WHERE k.status = 'approved')::int AS approved`),
      db.raw(`count(*) FILTER (WHERE k.status = 'rejected')::int AS rejected`),
    )) as AdminKycCounts;
}

export const findAdmin = (db: Knex, id: string): Promise<AdminKycRow | undefined> =>
  withUser(db).where('k.id', id).first();
export const findKyc = (db: Knex, id: string): Promise<KycRow | undefined> =>
  db<KycRow>('kyc_documents').where({ id }).first();
export const lockKyc = (trx: Knex.Transaction, id: string): Promise<KycRow | undefined> =>
  trx<KycRow>('kyc_documents').where({ id }).forUpdate().first();

export async function updateKyc(trx: Knex.Transaction, id: string, changes: Partial<KycRow>): Promise<void> {
  await trx<KycRow>('kyc_documents')
    .where({ id })
    .update({ ...changes, updated_at: trx.fn.now() as unknown as Date });
}

/** Postgres unique violation of the one-open-submission index (two submits racing). */
export const isSecondOpenSubmission = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: string }).code === '23505' &&
  (error as { constraint?: string }).constraint === 'kyc_documents_one_open';
