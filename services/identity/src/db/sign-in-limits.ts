import type { Knex } from '@cropvest/service-kit/db';
import type { SourceState } from '../domain/lockout.ts';

export async function readSourceState(
  db: Knex | Knex.Transaction,
  userId: string,
  source: string,
  lock = false,
): Promise<SourceState | undefined> {
  const query = db('sign_in_throttle').where({ user_id: userId, source });
  if (lock) query.forUpdate();
  const row = await query.first<
    { failures: number; blocked_until: Date | null; last_failure_at: Date } | undefined
  >('failures', 'blocked_until', 'last_failure_at');
  return (
    row && { failures: row.failures, blockedUntil: row.blocked_until, lastFailureAt: row.last_failure_at }
  );
}

export async function saveSourceState(
  trx: Knex.Transaction,
  userId: string,
  source: string,
  state: SourceState,
): Promise<void> {
  const row = {
    failures: state.failures,
    blocked_until: state.blockedUntil,
    last_failure_at: state.lastFailureAt,
  };
  await trx('sign_in_throttle')
    .insert({ user_id: userId, source, ...row })
    .onConflict(['user_id', 'source'])
    .merge(row);
}

/** A row to lock before counting, so concurrent failures from one source cannot slip past the limit. */
export async function ensureSourceRow(trx: Knex.Transaction, userId: string, source: string): Promise<void> {
  await trx('sign_in_throttle')
    .insert({ user_id: userId, source, failures: 0, last_failure_at: trx.fn.now() })
    .onConflict(['user_id', 'source'])
    .ignore();
}

export async function clearSources(trx: Knex.Transaction, userId: string, sources: string[]): Promise<void> {
  await trx('sign_in_throttle').where({ user_id: userId }).whereIn('source', sources).delete();
}

/** Which of `sources` signed in to the account before; with `null`, whether any did (at most one is read). */
export async function knownSources(
  db: Knex | Knex.Transaction,
  userId: string,
  sources: string[] | null,
): Promise<Set<string>> {
  const query = db('known_sign_in_sources').where({ user_id: userId });
  if (sources) query.whereIn('source', sources);
  else query.limit(1);
  return new Set((await query.pluck('source')) as string[]);
}

export async function rememberSources(
  trx: Knex.Transaction,
  userId: string,
  sources: string[],
): Promise<void> {
  if (sources.length === 0) return;
  await trx('known_sign_in_sources')
    .insert(sources.map((source) => ({ user_id: userId, source })))
    .onConflict(['user_id', 'source'])
    .merge({ last_success_at: trx.fn.now() });
}

/** Failed password checks on one account since `since`, from every source. */
export async function accountFailuresSince(db: Knex | Knex.Transaction, userId: string, since: Date) {
  const row = await db('login_attempts')
    .where({ user_id: userId, succeeded: false })
    .whereIn('reason', ['bad_password', 'bad_password_locked'])
    .where('created_at', '>', since)
    .first<{ count: number }>(db.raw('count(*)::int AS count'));
  return row.count;
}
