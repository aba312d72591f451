// What this service keeps from other services' events: KYC outcomes, user names, and the settings it enforces.
import { DEFAULT_SETTINGS, type EventData, type InterestSettings } from '@cropvest/contracts';
import type { Knex } from '@cropvest/service-kit';

export const INTEREST_SETTING = 'interest';
export const REQUIRE_KYC_SETTING = 'requireKycForInvesting';

export async function upsertKycStatus(trx: Knex.Transaction, data: EventData<'kyc.reviewed'>): Promise<void> {
  await trx('kyc_statuses').insert({ user_id: data.userId, status: data.status, updated_at: trx.fn.now() }).onConflict('user_id').merge();
}

export async function isKycApproved(db: Knex, userId: string): Promise<boolean> {
  const row = await db('kyc_statuses').where({ user_id: userId }).first<{ status: string } | undefined>();
  return row?.status === 'approved';
}

export async function upsertUser(trx: Knex.Transaction, data: { userId: string; name: string; email: string }): Promise<void> {
  await trx('user_directory').insert({ user_id: data.userId, name: data.name, email: data.email }).onConflict('user_id').merge();
}

export async function setSetting(trx: Knex.Transaction, key: string, value: unknown): Promise<void> {
  await trx('settings').insert({ key, value: JSON.stringify(value), updated_at: trx.fn.now() }).onConflict('key').merge();
}

export interface EnforcedSettings {
  interest: InterestSettings;
  requireKycForInvesting: boolean;
}

/** The settings as last published by identity; the spec's defaults until an admin saved a section. */
export async function enforcedSettings(db: Knex): Promise<EnforcedSettings> {
  const rows = await db('settings').whereIn('key', [INTEREST_SETTING, REQUIRE_KYC_SETTING]).select<{ key: string; value: unknown }[]>('key', 'value');
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  return {
    interest: (byKey.get(INTEREST_SETTING) as InterestSettings | undefined) ?? DEFAULT_SETTINGS.interest,
    requireKycForInvesting: (byKey.get(REQUIRE_KYC_SETTING) as boolean | undefined) ?? DEFAULT_SETTINGS.security.requireKycForInvesting,
  };
}
