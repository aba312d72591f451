// Events the identity service publishes (ARCHITECTURE.md section 6): accounts and their security, the platform's
// settings and the admins' audit trail, spread into `eventSchemas` in events.ts.
import { z } from '../zod.ts';
import { Role, Timestamp, Uuid } from '../common.ts';
import { AuditAction } from './audit.ts';
import { GeneralSettings, InterestSettings, SecuritySettings } from './settings.ts';
import { WithdrawalLimitSettings } from '../wallet/withdrawal-limits.ts';

/** What a security alert is about: each is told to the account's owner at once (notify), some hold withdrawals. */
export const SECURITY_ALERT_KINDS = [
  'password_changed',
  'password_reset',
  'sign_in_source_locked',
  'account_locked',
  'two_factor_enabled',
  'two_factor_disabled',
  'new_sign_in',
  'device_approved',
  'device_removed',
  'device_approval_switched_on',
  'device_approval_switched_off',
  'account_frozen',
  'account_unfrozen',
] as const;
export type SecurityAlertKind = (typeof SECURITY_ALERT_KINDS)[number];

export const identityEventSchemas = {
  'user.registered': z.object({ userId: Uuid, name: z.string(), email: z.string(), role: Role }),
  'user.updated': z.object({ userId: Uuid, name: z.string(), email: z.string(), role: Role }),
  'user.banned': z.object({ userId: Uuid, isBanned: z.boolean() }),
  /**
   * Sessions ended: by id (logout, one revoked, the others after a password change), or all of them
   * (`sessionVersion` set: tokens carrying an older version are void). Verifiers keep the entry `until` the
   * last token it concerns has expired. docs/decisions/0052-access-revocation.md.
   */
  'user.sessions_revoked': z.object({
    userId: Uuid,
    sessionIds: z.array(z.string()),
    sessionVersion: z.number().int().min(0).nullable(),
    reason: z.enum([
      'logout',
      'session_revoked',
      'signed_out_everywhere',
      'password_changed',
      'password_reset',
      'role_changed',
      'banned',
      'account_locked',
      'refresh_token_reused',
      'account_frozen',
      'device_removed',
      'device_signed_out',
    ]),
    until: Timestamp,
  }),
  /** Something the account owner must hear about at once, whatever their mail preferences. */
  'user.security_alert': z.object({
    userId: Uuid,
    kind: z.enum(SECURITY_ALERT_KINDS),
    ipAddress: z.string().nullable(),
    /** The browser of a new sign-in (its User-Agent), when it sent one. */
    userAgent: z.string().nullable().optional(),
    /** Failed sign-ins counted when the alert was raised (the lock-outs). */
    failures: z.number().int().min(0).nullable(),
    lockedUntil: Timestamp.nullable(),
    /** The device concerned ("Chrome 131 on Mac"), for the trusted-device changes. */
    device: z.string().nullable().optional(),
    /** Who froze or unfroze the account (decision 0101): the owner, or an admin. */
    by: z.enum(['owner', 'admin']).nullable().optional(),
  }),
  /**
   * A sign-in from a device and network the account never used waits for the owner (decision 0100): the mailed
   * link carries the single-use token. Only notify consumes it.
   */
  'user.device_approval_requested': z.object({
    userId: Uuid,
    approvalToken: z.string(),
    browser: z.string(),
    device: z.string(),
    ipAddress: z.string().nullable(),
    place: z.string(),
    requestedAt: Timestamp,
    expiresAt: Timestamp,
  }),
  /**
   * The account's freeze link (decision 0101): notify puts it in every security mail, so the owner can freeze the
   * account without signing in. A new one replaces the old after each use.
   */
  'user.freeze_link_issued': z.object({ userId: Uuid, freezeToken: z.string() }),
  /** Asked to unfreeze with the password (and second factor): the mailed link confirms it. */
  'user.unfreeze_requested': z.object({
    userId: Uuid,
    email: z.string(),
    name: z.string(),
    confirmToken: z.string(),
    expiresAt: Timestamp,
  }),
  /**
   * The account's anti-phishing code was set, changed (`code`) or removed (null). Only notify consumes it: it
   * puts the code in every mail to the account, and tells the owner of the change (decision 0098).
   */
  'user.anti_phishing_code_changed': z.object({
    userId: Uuid,
    code: z.string().nullable(),
    ipAddress: z.string().nullable(),
  }),
  /** Carries the single-use token so the mail sender can build the link; it expires in one hour. */
  'user.password_reset_requested': z.object({
    userId: Uuid,
    email: z.string(),
    name: z.string(),
    resetToken: z.string(),
    expiresAt: Timestamp,
  }),
  /** Carries the single-use token so the mail sender can build the confirmation link for the new address. */
  'user.email_change_requested': z.object({
    userId: Uuid,
    name: z.string(),
    newEmail: z.string(),
    confirmToken: z.string(),
    expiresAt: Timestamp,
  }),
  /** The account signs in with `newEmail` now; the notice goes to `previousEmail`. */
  'user.email_changed': z.object({
    userId: Uuid,
    name: z.string(),
    previousEmail: z.string(),
    newEmail: z.string(),
  }),
  'settings.updated': z.discriminatedUnion('section', [
    z.object({ section: z.literal('general'), settings: GeneralSettings }),
    z.object({ section: z.literal('interest'), settings: InterestSettings }),
    z.object({ section: z.literal('security'), settings: SecuritySettings }),
    z.object({ section: z.literal('withdrawalLimits'), settings: WithdrawalLimitSettings }),
  ]),
  'audit.recorded': z.object({
    adminId: Uuid,
    action: AuditAction,
    targetId: z.string().nullable(),
    targetType: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    ipAddress: z.string().nullable(),
  }),
} as const;
