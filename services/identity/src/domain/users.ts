import {
  PASSWORD_MAX_AGE_DAYS,
  type KycStatus,
  type Role,
  type SecuritySettings,
  type User,
} from '@cropvest/contracts';

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

/**
 * Periodic password reset: with the setting on, a password older than PASSWORD_MAX_AGE_DAYS must be changed
 * before anything else (the session's tokens say so until it is).
 */
export const passwordExpired = (
  changedAt: Date,
  security: Pick<SecuritySettings, 'requirePasswordReset'>,
  now: Date = new Date(),
): boolean =>
  security.requirePasswordReset && now.getTime() - changedAt.getTime() > PASSWORD_MAX_AGE_DAYS * 86_400_000;
