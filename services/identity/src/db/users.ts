// Identity's accounts: their row, its public shape, and the queries.
import type { KycStatus, Role, User } from '@cropvest/contracts';
import type { Knex } from '@cropvest/service-kit';

export interface UserRow {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  role: Role;
  is_banned: boolean;
  kyc_status: KycStatus;
  balance: string;
  locked_until: Date | null;
  session_version: number;
  sessions_revoked_at: Date | null;
  sign_in_alert_at: Date | null;
  /** The owner's Login Alerts switch. */
  login_alerts: boolean;
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

export const listUsers = (db: Knex): Promise<UserRow[]> => db<UserRow>('users').orderBy('created_at', 'desc');
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
  await db('users')
    .where({ id: userId })
    .where('balance_version', '<', wallet.version)
    .update({ balance: wallet.available, balance_version: wallet.version });
}
