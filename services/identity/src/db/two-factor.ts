import type { Knex } from '@cropvest/service-kit/db';

export interface TwoFactorRow {
  user_id: string;
  secret_encrypted: string;
  enabled_at: Date | null;
  /** bigint: pg hands it over as a string. */
  last_used_step: string | null;
  failures: number;
  locked_until: Date | null;
}

export interface ChallengeRow {
  id: string;
  user_id: string;
  kind: 'code' | 'enrol';
  source: string;
  failures: number;
  expires_at: Date;
  used_at: Date | null;
}

export const readTwoFactor = (db: Knex | Knex.Transaction, userId: string, forUpdate = false) => {
  const query = db<TwoFactorRow>('two_factor').where({ user_id: userId });
  return (forUpdate ? query.forUpdate() : query).first();
};

/** A new secret waiting for its first code; replaces one that was never confirmed. */
export async function savePendingSecret(
  trx: Knex.Transaction,
  userId: string,
  encrypted: string,
): Promise<void> {
  await trx('two_factor')
    .insert({
      user_id: userId,
      secret_encrypted: encrypted,
      enabled_at: null,
      last_used_step: null,
      failures: 0,
    })
    .onConflict('user_id')
    .merge(['secret_encrypted', 'enabled_at', 'last_used_step', 'failures', 'locked_until', 'updated_at']);
}

export const updateTwoFactor = (trx: Knex.Transaction, userId: string, changes: Partial<TwoFactorRow>) =>
  trx('two_factor')
    .where({ user_id: userId })
    .update({ ...changes, updated_at: trx.fn.now() });

export async function replaceRecoveryCodes(trx: Knex.Transaction, userId: string, hashes: string[]) {
  await trx('two_factor_recovery_codes').where({ user_id: userId }).delete();
  await trx('two_factor_recovery_codes').insert(hashes.map((code_hash) => ({ user_id: userId, code_hash })));
}

/** Marks an unused recovery code used; false when there is none with that hash. */
export async function useRecoveryCode(trx: Knex.Transaction, userId: string, hash: string): Promise<boolean> {
  const used = await trx('two_factor_recovery_codes')
    .where({ user_id: userId, code_hash: hash })
    .whereNull('used_at')
    .update({ used_at: trx.fn.now() });
  return used === 1;
}

export async function recoveryCodesLeft(db: Knex, userId: string): Promise<number> {
  const row = await db('two_factor_recovery_codes')
    .where({ user_id: userId })
    .whereNull('used_at')
    .first<{ count: number }>(db.raw('count(*)::int AS count'));
  return row.count;
}

export const findChallenge = (trx: Knex.Transaction, tokenHash: string) =>
  trx<ChallengeRow & { token_hash: string }>('two_factor_challenges')
    .where({ token_hash: tokenHash })
    .forUpdate()
    .first();
