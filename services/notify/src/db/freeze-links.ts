// Each account's freeze link token as identity issued it (decision 0101); never logged.
import type { Knex } from '@cropvest/service-kit/db';

/** The newest link replaces the one before (identity issues a new one after each unfreeze). */
export async function saveFreezeLink(trx: Knex.Transaction, userId: string, token: string): Promise<void> {
  await trx('freeze_links')
    .insert({ user_id: userId, token })
    .onConflict('user_id')
    .merge({ token, updated_at: trx.fn.now() });
}

/** The freeze tokens of these users (those identity issued one to). */
export async function freezeTokens(trx: Knex.Transaction, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = (await trx('freeze_links')
    .whereIn('user_id', [...new Set(userIds)])
    .select('user_id', 'token')) as { user_id: string; token: string }[];
  return new Map(rows.map((row) => [row.user_id, row.token]));
}
