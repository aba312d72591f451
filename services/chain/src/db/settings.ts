// The settings this service enforces, as identity's `settings.updated` last said: the four-eyes threshold of
// assignments (docs/decisions/0084). Until the first event arrives the platform's default holds.
import { DEFAULT_SETTINGS } from '@cropvest/contracts';
import type { Knex } from '@cropvest/service-kit/db';

const THRESHOLD = 'secondApprovalThreshold';

export async function recordSecondApprovalThreshold(trx: Knex.Transaction, threshold: string): Promise<void> {
  await trx('settings_projection')
    .insert({ key: THRESHOLD, value: JSON.stringify(threshold) })
    .onConflict('key')
    .merge({ value: JSON.stringify(threshold), updated_at: trx.fn.now() });
}

export async function secondApprovalThreshold(db: Knex): Promise<string> {
  const row = (await db('settings_projection').where({ key: THRESHOLD }).first('value')) as
    { value: string } | undefined;
  return row?.value ?? DEFAULT_SETTINGS.security.secondApprovalThreshold;
}
