// Identity's accounts: their row, its public shape, and the queries.
import {
  Uuid,
  type AdminUser,
  type AdminUserCounts,
  type AdminUserCountsQuery,
  type AdminUserListQuery,
  type AdminUserSort,
  type FrozenBy,
  type KycStatus,
  type Role,
  type User,
} from '@cropvest/contracts';
import { containsPattern, pageOf, type Knex, type Page } from '@cropvest/service-kit/db';

export interface UserRow {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  role: Role;
  is_banned: boolean;
  /** Why an admin banned the account, and when; null while it is not banned (or when no reason was given). */
  ban_reason: string | null;
  banned_at: Date | null;
  kyc_status: KycStatus;
  balance: string;
  locked_until: Date | null;
  session_version: number;
  sessions_revoked_at: Date | null;
  sign_in_alert_at: Date | null;
  /** The owner's Login Alerts switch. */
  login_alerts: boolean;
  /** Sign-ins from somewhere new wait for a mailed approval (always for admins; decision 0100). */
  new_device_approval: boolean;
  /** Frozen by its owner or an admin (decision 0101); both null while it is not. */
  frozen_at: Date | null;
  frozen_by: FrozenBy | null;
  freeze_token_hash: string | null;
  last_login_at: Date | null;
  password_changed_at: Date;
  created_at: Date;
  updated_at: Date;
}

/** The public shape; never carries the hash or lock-out internals. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    balance: row.balance,
    isBanned: row.is_banned,
    kycStatus: row.kyc_status,
    lastLoginAt: row.last_login_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The shape an admin sees: with the ban's reason and time. */
export const toAdminUser = (row: UserRow): AdminUser => ({
  ...toUser(row),
  banReason: row.ban_reason,
  bannedAt: row.banned_at?.toISOString() ?? null,
});

export const findUserById = (db: Knex, id: string): Promise<UserRow | undefined> =>
  db<UserRow>('users').where({ id }).first();
export const findUserByEmail = (db: Knex, email: string): Promise<UserRow | undefined> =>
  db<UserRow>('users').where({ email }).first();
export const lockUserRow = (trx: Knex.Transaction, id: string): Promise<UserRow | undefined> =>
  trx<UserRow>('users').where({ id }).forUpdate().first();

export async function insertUser(
  trx: Knex.Transaction,
  user: Pick<UserRow, 'id' | 'name' | 'email' | 'password_hash' | 'role'>,
): Promise<UserRow> {
  const [row] = await trx<UserRow>('users').insert(user).returning('*');
  return row as UserRow;
}

export async function updateUser(
  trx: Knex.Transaction,
  id: string,
  changes: Partial<UserRow>,
): Promise<UserRow> {
  const [row] = await trx<UserRow>('users')
    .where({ id })
    .update({ ...changes, updated_at: trx.fn.now() as unknown as Date })
    .returning('*');
  return row as UserRow;
}

/**
 * Users whose name or email contains `q` (case-insensitively, through the trigram indexes), or whose id is `q`
 * when it is a whole id; of `role` unless 'all'.
 */
function matching({ q, role }: { q?: string; role: AdminUserCountsQuery['role'] }) {
  return (query: Knex.QueryBuilder) => {
    if (role !== 'all') query.where('role', role);
    if (!q) return;
    const pattern = containsPattern(q);
    query.where((match) => {
      match
        .whereRaw(`name ILIKE ? ESCAPE '\\'`, [pattern])
        .orWhereRaw(`email ILIKE ? ESCAPE '\\'`, [pattern]);
      if (Uuid.safeParse(q).success) match.orWhere('id', q.toLowerCase());
    });
  };
}

/** Each order ends in the id in the same direction, so pages never overlap. */
const SORTS: Record<AdminUserSort, { column: string; order: 'asc' | 'desc' }[]> = {
  '-createdAt': [
    { column: 'created_at', order: 'desc' },
    { column: 'id', order: 'desc' },
  ],
  '-balance': [
    { column: 'balance', order: 'desc' },
    { column: 'id', order: 'desc' },
  ],
  name: [
    { column: 'name', order: 'asc' },
    { column: 'id', order: 'asc' },
  ],
};

export const pageAdminUsers = (db: Knex, query: AdminUserListQuery): Promise<Page<UserRow>> =>
  pageOf<UserRow>(
    db<UserRow>('users')
      .modify(matching(query))
      .modify((rows) => {
        if (query.status !== 'all') rows.where('is_banned', query.status === 'banned');
      })
      .orderBy(SORTS[query.sort]),
    query,
  );

export const countAdminUsers = (db: Knex, query: AdminUserCountsQuery): Promise<AdminUserCounts> =>
  db('users')
    .modify(matching(query))
    .first(
      db.raw(`count(*)::int AS "all"`),
      db.raw(`count(*) FILTER (WHERE NOT is_banned)::int AS active`),
      db.raw(`count(*) FILTER (WHERE is_banned)::int AS banned`),
    ) as Promise<AdminUserCounts>;

/** How many investors, and the exact sum of their available balances (NUMERIC text). */
export async function investorBalances(db: Knex): Promise<{ investors: number; combined: string }> {
  const row = await db('users')
    .where({ role: 'investor' })
    .first<{ investors: number; combined: string }>(
      db.raw('count(*)::int AS investors'),
      db.raw('coalesce(sum(balance), 0)::text AS combined'),
    );
  return row;
}

export const listBannedUserIds = async (db: Knex): Promise<string[]> =>
  (await db('users').where({ is_banned: true }).pluck('id')) as string[];

export async function countUsers(db: Knex): Promise<{ totalUsers: number; totalInvestors: number }> {
  const row = await db('users').first<{ total_users: number; total_investors: number }>(
    db.raw('count(*)::int AS total_users'),
    db.raw(`count(*) FILTER (WHERE role = 'investor')::int AS total_investors`),
  );
  return { totalUsers: row.total_users, totalInvestors: row.total_investors };
}

export async function recordLoginAttempt(
  db: Knex,
  attempt: {
    email: string;
    userId: string | null;
    ip: string | null;
    succeeded: boolean;
    reason: string | null;
  },
): Promise<void> {
  await db('login_attempts').insert({
    email: attempt.email,
    user_id: attempt.userId,
    ip_address: attempt.ip,
    succeeded: attempt.succeeded,
    reason: attempt.reason,
  });
}

/** Postgres unique violation on the users email index. */
export const isDuplicateEmail = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: string }).code === '23505' &&
  /email/.test(String((error as { constraint?: string }).constraint));

/**
 * Applies a KYC status from the KYC service's events. Submission and review travel on separate consumers and
 * may be handled out of order, so a change older than the one already applied is ignored.
 */
export async function setKycProjection(
  trx: Knex.Transaction,
  change: { userId: string; kycId: string; status: 'pending' | 'approved' | 'rejected'; at: string },
): Promise<void> {
  await trx('users')
    .where({ id: change.userId })
    .andWhere((q) => void q.whereNull('kyc_status_at').orWhere('kyc_status_at', '<=', change.at))
    .update({
      kyc_status: change.status,
      kyc_record_id: change.kycId,
      kyc_status_at: change.at,
      updated_at: trx.fn.now(),
    });
}

/**
 * users.balance is a projection of the wallet's available account; only the wallet's answers and events write
 * it. Each carries the wallet's version of the user's balances and only a newer version is written, so answers
 * and events arriving in any order, from any replica, leave the newest balance.
 */
export async function setBalanceProjection(
  db: Knex,
  userId: string,
  wallet: { available: string; version: number },
): Promise<void> {
  await setBalanceProjections(db, [{ userId, ...wallet }]);
}

/**
 * `setBalanceProjection` for many users in one statement (a harvest day's backlog of balance events): the
 * newest version per user, rows locked in user id order so two replicas' batches cannot deadlock.
 */
export async function setBalanceProjections(
  db: Knex,
  changes: { userId: string; available: string; version: number }[],
): Promise<void> {
  const newest = new Map<string, { available: string; version: number }>();
  for (const { userId, available, version } of changes)
    if ((newest.get(userId)?.version ?? -1) < version) newest.set(userId, { available, version });
  if (newest.size === 0) return;
  const rows = [...newest];
  const ids = rows.map(([id]) => id);
  await db.raw(
    `UPDATE users SET balance = v.balance, balance_version = v.version
       FROM unnest(?::uuid[], ?::numeric[], ?::bigint[]) AS v(id, balance, version)
      WHERE users.id = v.id AND users.balance_version < v.version
        AND users.id IN (SELECT id FROM users WHERE id = ANY(?::uuid[]) ORDER BY id FOR UPDATE)`,
    [ids, rows.map(([, row]) => row.available), rows.map(([, row]) => row.version), ids],
  );
}
