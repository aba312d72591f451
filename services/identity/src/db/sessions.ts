import { randomUUID } from 'node:crypto';
import type { Knex } from '@cropvest/service-kit/db';

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

export interface SessionRow {
  id: string;
  user_id: string;
  user_agent: string | null;
  ip_address: string | null;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

/** Where a sign-in or refresh came from, as the session list shows it. */
export interface SessionClient {
  userAgent: string | null;
  ip: string | null;
}

export async function insertSession(
  db: Knex | Knex.Transaction,
  row: { id: string; userId: string; expiresAt: Date; client: SessionClient; deviceHash: string | null },
): Promise<void> {
  await db('sessions').insert({
    id: row.id,
    user_id: row.userId,
    device_hash: row.deviceHash,
    user_agent: row.client.userAgent,
    ip_address: row.client.ip,
    expires_at: row.expiresAt,
  });
}

export async function touchSession(
  db: Knex | Knex.Transaction,
  id: string,
  client: SessionClient,
): Promise<void> {
  await db('sessions')
    .where({ id })
    .update({ last_seen_at: db.fn.now(), user_agent: client.userAgent, ip_address: client.ip });
}

export const activeSessions = (db: Knex, userId: string): Promise<SessionRow[]> =>
  db<SessionRow>('sessions')
    .where({ user_id: userId })
    .whereNull('revoked_at')
    .where('expires_at', '>', db.fn.now())
    .orderBy('last_seen_at', 'desc');

/** Ends the given sessions of one user that are still open; answers the ids that ended. */
export async function revokeSessions(
  trx: Knex.Transaction,
  userId: string,
  scope: { only: string[] } | { allBut: string | null },
): Promise<string[]> {
  const query = trx('sessions').where({ user_id: userId }).whereNull('revoked_at');
  if ('only' in scope) query.whereIn('id', scope.only);
  else if (scope.allBut) query.whereNot('id', scope.allBut);
  const ids = (await query.update({ revoked_at: trx.fn.now() }).returning('id')).map(
    (row: { id: string }) => row.id,
  );
  if (ids.length > 0)
    await trx('refresh_tokens')
      .whereIn('family_id', ids)
      .whereNull('revoked_at')
      .update({ revoked_at: trx.fn.now() });
  return ids;
}

/** Revocations whose access tokens can still be alive: what every verifier must know. */
export async function recentRevocations(db: Knex, since: Date) {
  const [versions, sessions] = await Promise.all([
    db('users')
      .where('sessions_revoked_at', '>', since)
      .select<{ id: string; session_version: number; sessions_revoked_at: Date }[]>(
        'id',
        'session_version',
        'sessions_revoked_at',
      ),
    db('sessions')
      .where('revoked_at', '>', since)
      .select<{ id: string; revoked_at: Date }[]>('id', 'revoked_at'),
  ]);
  return { versions, sessions };
}
