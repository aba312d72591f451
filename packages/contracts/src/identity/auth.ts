// Sign-up, sign-in, sessions and the current user (spec sections 3, 5 and 7).
import { z } from '../zod.ts';
import { Email, KycStatus, requiredText, Role, Timestamp, Uuid } from '../common.ts';
import { MoneyString } from '../decimal.ts';

/**
 * Request/reply subjects identity answers (docs/decisions/0050-bus-permissions.md): the gateway's access state
 * (bans, maintenance, the admin IP allow-list), the sessions that ended (every token verifier), and its figures.
 */
export const IDENTITY_ACCESS_STATE_SUBJECT = 'cmd.identity.access-state';
export const IDENTITY_REVOCATIONS_SUBJECT = 'cmd.identity.session-revocations';
export const IDENTITY_STATS_SUBJECT = 'cmd.identity.stats';

/** `cmd.identity.access-state` takes no arguments; anything else is refused before it is answered. */
export const AccessStateQuery = z.object({}).strict();
/** `cmd.identity.session-revocations` takes no arguments (the whole snapshot is the answer). */
export const SessionRevocationsQuery = z.object({}).strict();

export const PASSWORD_MIN_LENGTH = 6;
export const NAME_MIN_LENGTH = 2;

export const Password = z
  .string(requiredText('Password'))
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters')
  .max(128, 'Password must be at most 128 characters');

export const PersonName = z
  .string(requiredText('Name'))
  .trim()
  .min(NAME_MIN_LENGTH, 'Name must be at least 2 characters')
  .max(100, 'Name must be at most 100 characters');

/** The user as every client sees it. `balance` is the available USDT balance. */
export const User = z
  .object({
    id: Uuid,
    name: z.string(),
    email: z.string(),
    role: Role,
    balance: MoneyString,
    isBanned: z.boolean(),
    kycStatus: KycStatus,
    lastLoginAt: Timestamp.nullable(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('User');
export type User = z.infer<typeof User>;

export const RegisterRequest = z
  .object({ name: PersonName, email: Email, password: Password })
  .strict()
  .openapi('RegisterRequest');
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const LoginRequest = z.object({ email: Email, password: Password }).strict().openapi('LoginRequest');
export type LoginRequest = z.infer<typeof LoginRequest>;

export const RefreshRequest = z
  .object({ refreshToken: z.string(requiredText('refreshToken')).min(1).max(200) })
  .strict()
  .openapi('RefreshRequest');
export type RefreshRequest = z.infer<typeof RefreshRequest>;

export const LogoutRequest = RefreshRequest.openapi('LogoutRequest');

export const TokenPair = z.object({ accessToken: z.string(), refreshToken: z.string() }).openapi('TokenPair');
export type TokenPair = z.infer<typeof TokenPair>;

export const AuthResponse = TokenPair.extend({
  user: User,
  /** True when the password must be changed before anything else (periodic password reset). */
  passwordChangeRequired: z.boolean().optional(),
}).openapi('AuthResponse');
export type AuthResponse = z.infer<typeof AuthResponse>;

/**
 * The answer to a right password from a device and network the account never used: no session yet. The owner is
 * mailed a link; the browser that asked keeps `waitToken` and asks with it until the link was opened.
 */
export const DeviceApprovalPending = z
  .object({
    deviceApproval: z.object({
      waitToken: z.string(),
      expiresAt: Timestamp,
      /** The mailbox the link went to, most of it hidden (`i•••@example.com`). */
      sentTo: z.string(),
    }),
  })
  .openapi('DeviceApprovalPending');
export type DeviceApprovalPending = z.infer<typeof DeviceApprovalPending>;

export const ResetPasswordRequest = z
  .object({ token: z.string(requiredText('token')).min(1).max(200), password: Password })
  .strict()
  .openapi('ResetPasswordRequest');
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const OkResponse = z.object({ ok: z.literal(true) }).openapi('Ok');

/**
 * Claims inside an access token. `sub` is the user id, `sid` the session (one sign-in), `sv` the user's session
 * version when it was issued: ending every session of a user raises the version, and tokens carrying an older
 * one are refused (docs/decisions/0052-access-revocation.md). Tokens from before `sv` existed read as 0.
 */
export const AccessTokenClaims = z.object({
  sub: Uuid,
  role: Role,
  sid: z.string(),
  sv: z.number().int().min(0).default(0),
  /**
   * Periodic password reset (security setting `requirePasswordReset`): the password is older than
   * PASSWORD_MAX_AGE_DAYS, so the token may only change it (PASSWORD_CHANGE_CALLS); absent means false.
   */
  pwx: z.boolean().default(false),
});
export type AccessTokenClaims = z.infer<typeof AccessTokenClaims>;

/** Change own password: the current one is checked, the new one follows the registration rules. */
export const ChangePasswordRequest = z
  .object({
    currentPassword: z.string(requiredText('currentPassword')).min(1, 'currentPassword is required').max(128),
    newPassword: Password,
  })
  .strict()
  .openapi('ChangePasswordRequest');
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** Own profile edit: the name saves at once (an email change goes through EmailChangeRequest). */
export const UpdateProfileRequest = z.object({ name: PersonName }).strict().openapi('UpdateProfileRequest');
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

/** An email change: the current password, and the new address that must confirm it from a mailed link. */
export const EmailChangeRequest = z
  .object({
    newEmail: Email,
    currentPassword: z.string(requiredText('currentPassword')).min(1, 'currentPassword is required').max(128),
  })
  .strict()
  .openapi('EmailChangeRequest');
export type EmailChangeRequest = z.infer<typeof EmailChangeRequest>;

/** The single-use token from the confirmation link. */
export const EmailChangeConfirmRequest = z
  .object({ token: z.string(requiredText('token')).min(1).max(200) })
  .strict()
  .openapi('EmailChangeConfirmRequest');
export type EmailChangeConfirmRequest = z.infer<typeof EmailChangeConfirmRequest>;

/** The email change waiting for its link to be opened, if any (a newer request replaces an older one). */
export const PendingEmailChange = z
  .object({
    pending: z.object({ newEmail: z.string(), expiresAt: Timestamp }).nullable(),
  })
  .openapi('PendingEmailChange');
export type PendingEmailChange = z.infer<typeof PendingEmailChange>;

/** What opening the link did: the address the account signs in with from now on. */
export const EmailChangeConfirmed = z.object({ email: z.string() }).openapi('EmailChangeConfirmed');
export type EmailChangeConfirmed = z.infer<typeof EmailChangeConfirmed>;

/** The owner's Login Alerts switch: a mail and a notification on a sign-in from somewhere new. */
export const LoginAlertsSetting = z.object({ enabled: z.boolean() }).strict().openapi('LoginAlertsSetting');
export type LoginAlertsSetting = z.infer<typeof LoginAlertsSetting>;

/** One signed-in session (a sign-in and the refreshes that followed it) as its owner sees it. */
export const SessionInfo = z
  .object({
    id: Uuid,
    /** The browser's User-Agent when it last signed in or refreshed; null when it sent none. */
    userAgent: z.string().nullable(),
    ipAddress: z.string().nullable(),
    createdAt: Timestamp,
    lastSeenAt: Timestamp,
    expiresAt: Timestamp,
    /** The session of the token that asked. */
    current: z.boolean(),
  })
  .openapi('Session');
export type SessionInfo = z.infer<typeof SessionInfo>;
export const SessionList = z.array(SessionInfo).openapi('SessionList');

/** What the revocation of sessions answers: how many ended. */
export const SessionsRevoked = z.object({ revoked: z.number().int().min(0) }).openapi('SessionsRevoked');
export type SessionsRevoked = z.infer<typeof SessionsRevoked>;

/**
 * What every verifier needs to refuse tokens that are still signed and unexpired but no longer valid
 * (`cmd.identity.session-revocations`, kept current by `user.sessions_revoked`). Entries are only those whose
 * tokens can still be alive; each says until when it must be kept.
 */
export const SessionRevocationSnapshot = z.object({
  sessionVersions: z.array(z.object({ userId: Uuid, version: z.number().int().min(0), until: Timestamp })),
  revokedSessions: z.array(z.object({ sessionId: z.string(), until: Timestamp })),
});
export type SessionRevocationSnapshot = z.infer<typeof SessionRevocationSnapshot>;

/** The calls a session whose password expired may still make: change it, read who it is, sign out. */
export const PASSWORD_CHANGE_CALLS: readonly { method: string; path: string }[] = [
  { method: 'POST', path: '/api/auth/change-password' },
  { method: 'GET', path: '/api/auth/me' },
  { method: 'POST', path: '/api/auth/logout' },
];
export const PASSWORD_EXPIRED_MESSAGE = 'Your password has expired. Please change it to continue.';
export const isPasswordChangeCall = (method: string, path: string): boolean =>
  PASSWORD_CHANGE_CALLS.some((call) => call.method === method && call.path === path);
