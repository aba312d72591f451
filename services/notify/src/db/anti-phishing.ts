// Each account's anti-phishing code as identity announced it (decision 0098); never logged.
import type { Knex } from '@cropvest/service-kit/db';

/** Sets (a code) or removes (null) the account's code; identity's events arrive in order on one consumer. */
export async function saveAntiPhishingCode(
  trx: Knex.Transaction,
  userId: string,
  code: string | null,
): Promise<void> {
  if (code === null) {
    await trx('anti_phishing_codes').where({ user_id: userId }).delete();
    return;
  }
  await trx('anti_phishing_codes')
    .insert({ user_id: userId, code })
    .onConflict('user_id')
    .merge({ code, updated_at: trx.fn.now() });
}

/** The codes of those among these users who set one. */
export async function antiPhishingCodes(
  trx: Knex.Transaction,
  userIds: string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = (await trx('anti_phishing_codes')
    .whereIn('user_id', [...new Set(userIds)])
    .select('user_id', 'code')) as { user_id: string; code: string }[];
  return new Map(rows.map((row) => [row.user_id, row.code]));
}
