// What the wallet keeps from other services' events: each user's KYC outcome and the settings it enforces
// (user names are the kit's shared directory).
import type { Knex } from '@cropvest/service-kit/db';

export async function upsertKycStatus(
  trx: Knex.Transaction,
  kyc: { userId: string; kycId: string; status: string },
): Promise<void> {
  await trx('kyc_statuses')
    .insert({ user_id: kyc.userId, kyc_id: kyc.kycId, status: kyc.status })
    .onConflict('user_id')
    .merge({ kyc_id: kyc.kycId, status: kyc.status, updated_at: trx.fn.now() });
}

export const kycStatusOf = async (db: Knex, userId: string): Promise<string | null> =>
  ((await db('kyc_statuses').where({ user_id: userId }).first('status')) as { status: string } | undefined)
    ?.status ?? null;

export async function setSetting(trx: Knex.Transaction, key: string, value: unknown): Promise<void> {
  await trx('settings_projection')
    .insert({ key, value: JSON.stringify(value) })
    .onConflict('key')
    .merge({ value: JSON.stringify(value), updated_at: trx.fn.now() });
}

export const readSetting = async <T>(db: Knex, key: string): Promise<T | undefined> =>
  ((await db('settings_projection').where({ key }).first('value')) as { value: T } | undefined)?.value;
