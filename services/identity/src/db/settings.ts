import { randomUUID } from 'node:crypto';
import type { AllSettings, SettingsSection } from '@cropvest/contracts';
import type { Knex } from '@cropvest/service-kit/db';
import { mergeStoredSettings, SETTINGS_DESCRIPTIONS } from '../domain/settings.ts';

export async function readSettings(db: Knex | Knex.Transaction): Promise<AllSettings> {
  const rows: { key: SettingsSection; value: unknown }[] = await db('system_settings').select('key', 'value');
  return mergeStoredSettings(Object.fromEntries(rows.map((row) => [row.key, row.value])));
}

export async function writeSettingsSection<S extends SettingsSection>(
  trx: Knex.Transaction,
  section: S,
  value: AllSettings[S],
  adminId: string,
): Promise<void> {
  await trx('system_settings')
    .insert({
      id: randomUUID(),
      key: section,
      value: JSON.stringify(value),
      description: SETTINGS_DESCRIPTIONS[section],
      updated_by: adminId,
    })
    .onConflict('key')
    .merge({ value: JSON.stringify(value), updated_by: adminId, updated_at: trx.fn.now() });
}

/** Serialises concurrent saves of settings (two admins saving the same section at once). */
export async function lockSettings(trx: Knex.Transaction): Promise<void> {
  await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('identity.system_settings'))`);
}
