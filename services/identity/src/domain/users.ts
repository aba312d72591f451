import type { KycStatus, Role, User } from '@cropvest/contracts';

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
