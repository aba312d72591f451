// What this service keeps from other services' events: KYC outcomes and the settings it enforces (user names
// are the kit's shared directory).
import { DEFAULT_SETTINGS, type EventData, type InterestSettings } from '@cropvest/contracts';
import type { Knex } from '@cropvest/service-kit';
import type { PlanRow } from './plans.ts';

export const INTEREST_SETTING = 'interest';
export const REQUIRE_KYC_SETTING = 'requireKycForInvesting';
/** The four-eyes threshold of reserve allocations (docs/decisions/0091). */
export const SECOND_APPROVAL_THRESHOLD_SETTING = 'secondApprovalThreshold';

/** One projected setting, undefined until identity published its section. */
export async function readSetting<T>(db: Knex, key: string): Promise<T | undefined> {
  const row = await db('settings').where({ key }).first<{ value: T } | undefined>('value');
  return row?.value;
}

export async function upsertKycStatus(trx: Knex.Transaction, data: EventData<'kyc.reviewed'>): Promise<void> {
  await trx('kyc_statuses')
    .insert({ user_id: data.userId, status: data.status, updated_at: trx.fn.now() })
    .onConflict('user_id')
    .merge();
}

export async function setSetting(trx: Knex.Transaction, key: string, value: unknown): Promise<void> {
  await trx('settings')
    .insert({ key, value: JSON.stringify(value), updated_at: trx.fn.now() })
    .onConflict('key')
    .merge();
}

export interface EnforcedSettings {
  interest: InterestSettings;
  requireKycForInvesting: boolean;
}

/** The settings as last published by identity; the spec's defaults until an admin saved a section. */
export async function enforcedSettings(db: Knex): Promise<EnforcedSettings> {
  const rows = await db('settings')
    .whereIn('key', [INTEREST_SETTING, REQUIRE_KYC_SETTING])
    .select<{ key: string; value: unknown }[]>('key', 'value');
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  return {
    interest: (byKey.get(INTEREST_SETTING) as InterestSettings | undefined) ?? DEFAULT_SETTINGS.interest,
    requireKycForInvesting:
      (byKey.get(REQUIRE_KYC_SETTING) as boolean | undefined) ??
      DEFAULT_SETTINGS.security.requireKycForInvesting,
  };
}

/** Everything a purchase checks, in one round trip: the plan (if any), the buyer's KYC outcome, the settings. */
export async function purchaseContext(
  db: Knex,
  planId: string,
  userId: string,
): Promise<{ plan: PlanRow | undefined; kycApproved: boolean; settings: EnforcedSettings }> {
  const result = await db.raw<{
    rows: (Partial<PlanRow> & {
      found: boolean;
      kyc_status: string | null;
      interest_setting: unknown;
      require_kyc_setting: unknown;
    })[];
  }>(
    `SELECT p.*, p.id IS NOT NULL AS found,
            (SELECT status FROM kyc_statuses WHERE user_id = ?) AS kyc_status,
            (SELECT value FROM settings WHERE key = ?) AS interest_setting,
            (SELECT value FROM settings WHERE key = ?) AS require_kyc_setting
       FROM (SELECT 1) AS one LEFT JOIN plans p ON p.id = ? AND p.deleted_at IS NULL`,
    [userId, INTEREST_SETTING, REQUIRE_KYC_SETTING, planId],
  );
  const row = result.rows[0];
  const { found, kyc_status, interest_setting, require_kyc_setting, ...plan } = row ?? {
    found: false,
    kyc_status: null,
    interest_setting: null,
    require_kyc_setting: null,
  };
  return {
    plan: found ? (plan as PlanRow) : undefined,
    kycApproved: kyc_status === 'approved',
    settings: {
      interest: (interest_setting as InterestSettings | null) ?? DEFAULT_SETTINGS.interest,
      requireKycForInvesting:
        (require_kyc_setting as boolean | null) ?? DEFAULT_SETTINGS.security.requireKycForInvesting,
    },
  };
}
