import type { Knex } from '@cropvest/service-kit';
import type { KycRecordStatus } from '@cropvest/contracts';
import type { AdminKycRow, KycRow } from '../domain/kyc.ts';

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

const withUser = (db: Knex) =>
  db<AdminKycRow>('kyc_documents as k')
    .leftJoin('users as u', 'u.id', 'k.user_id')
    .select('k.*', 'u.name as user_name', 'u.email as user_email');

export function listAll(db: Knex, status?: KycRecordStatus): Promise<AdminKycRow[]> {
  const query = withUser(db).orderBy('k.submitted_at', 'desc').orderBy('k.id', 'desc');
  if (status) void query.where('k.status', status);
  return query;
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
