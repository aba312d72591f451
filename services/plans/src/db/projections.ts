// What this service keeps from other services' events: KYC outcomes and the settings it enforces (user names
// are the kit's shared directory).
import { DEFAULT_SETTINGS, type EventData, type InterestSettings } from '@cropvest/contracts';
import type { Knex } from '@cropvest/service-kit/db';
import type { KeyInformationGates } from '../domain/key-information.ts';
import type { PlanRow } from './plans.ts';
import { KEY_INFORMATION_SETTINGS, keyInformationGatesOf } from './key-information.ts';
import {
  LATEST_ANSWERS_SQL,
  REQUIRE_SUITABILITY_SETTING,
  suitabilityStateOf,
  type SuitabilityState,
} from './suitability.ts';

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

/** Everything a purchase checks, in one round trip. */
export interface PurchaseContext {
  /** The plan, if there is one (not deleted). */
  plan: PlanRow | undefined;
  kycApproved: boolean;
  settings: EnforcedSettings;
  keyInformationGates: KeyInformationGates;
  suitability: SuitabilityState;
}

const PURCHASE_SETTINGS = [
  INTEREST_SETTING,
  REQUIRE_KYC_SETTING,
  ...KEY_INFORMATION_SETTINGS,
  REQUIRE_SUITABILITY_SETTING,
];

/**
 * Everything a purchase checks, in one round trip: the plan (if any), the buyer's KYC outcome and suitability
 * answers, and the settings of every gate (decision 0115: each read was a round trip of its own).
 */
export async function purchaseContext(db: Knex, planId: string, userId: string): Promise<PurchaseContext> {
  const result = await db.raw<{
    rows: (Partial<PlanRow> & {
      found: boolean;
      kyc_status: string | null;
      purchase_settings: Record<string, unknown> | null;
      suitability_answers: Parameters<typeof suitabilityStateOf>[1];
    })[];
  }>(
    `SELECT p.*, p.id IS NOT NULL AS found,
            (SELECT status FROM kyc_statuses WHERE user_id = ?) AS kyc_status,
            (SELECT jsonb_object_agg(key, value) FROM settings WHERE key = ANY(?::text[])) AS purchase_settings,
            ${LATEST_ANSWERS_SQL} AS suitability_answers
       FROM (SELECT 1) AS one LEFT JOIN plans p ON p.id = ? AND p.deleted_at IS NULL`,
    [userId, PURCHASE_SETTINGS, userId, planId],
  );
  // The select from (SELECT 1) always answers one row.
  const { found, kyc_status, purchase_settings, suitability_answers, ...plan } = result
    .rows[0] as NonNullable<(typeof result.rows)[number]>;
  const byKey = new Map(Object.entries(purchase_settings ?? {}));
  return {
    plan: found ? (plan as PlanRow) : undefined,
    kycApproved: kyc_status === 'approved',
    settings: {
      interest: (byKey.get(INTEREST_SETTING) as InterestSettings | undefined) ?? DEFAULT_SETTINGS.interest,
      requireKycForInvesting:
        (byKey.get(REQUIRE_KYC_SETTING) as boolean | undefined) ??
        DEFAULT_SETTINGS.security.requireKycForInvesting,
    },
    keyInformationGates: keyInformationGatesOf(byKey),
    suitability: suitabilityStateOf(
      byKey.get(REQUIRE_SUITABILITY_SETTING) as boolean | undefined,
      suitability_answers,
    ),
  };
}
