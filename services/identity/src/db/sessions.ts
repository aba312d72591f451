import { randomUUID } from 'node:crypto';
import type { Knex } from '@cropvest/service-kit';

export interface RefreshTokenRow {
  id: string;
  user_id: string;
  family_id: string;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
}

export async function insertRefreshToken(
  trx: Knex | Knex.Transaction,
  row: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await trx('refresh_tokens').insert({
    id: randomUUID(),
    user_id: row.userId,
    family_id: row.familyId,
    token_hash: row.tokenHash,
    expires_at: row.expiresAt,
  });
}

export const lockRefreshToken = (
  trx: Knex.Transaction,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> =>
  trx<RefreshTokenRow>('refresh_tokens').where({ token_hash: tokenHash }).forUpdate().first();

export async function markRefreshTokenUsed(trx: Knex.Transaction, id: string): Promise<void> {
  await trx('refresh_tokens').where({ id }).update({ used_at: trx.fn.now() });
}

export async function revokeFamily(db: Knex | Knex.Transaction, familyId: string): Promise<void> {
  await db('refresh_tokens')
    .where({ family_id: familyId })
    .whereNull('revoked_at')
    .update({ revoked_at: db.fn.now() });
}

export async function revokeAllForUser(db: Knex | Knex.Transaction, userId: string): Promise<void> {
  await db('refresh_tokens')
    .where({ user_id: userId })
    .whereNull('revoked_at')
    .update({ revoked_at: db.fn.now() });
}
