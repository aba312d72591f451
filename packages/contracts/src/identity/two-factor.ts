// Two-factor sign-in (TOTP, RFC 6238) and its recovery codes (issue 11; docs/decisions/0062-two-factor.md).
import { z } from '../zod.ts';
import { requiredText, Timestamp } from '../common.ts';
import { AuthResponse, DeviceApprovalPending } from './auth.ts';

export const RECOVERY_CODE_COUNT = 10;

/** Six digits from an authenticator app; spaces people type between the groups are dropped. */
export const TotpCode = z
  .string(requiredText('code'))
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/** A recovery code as shown (`xxxxx-xxxxx`); case, spaces and dashes do not matter. */
export const RecoveryCode = z
  .string(requiredText('recoveryCode'))
  .transform((code) => code.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z2-7]{10}$/, 'Enter one of your 10-character recovery codes'));

const ChallengeToken = z.string(requiredText('challengeToken')).min(1).max(200);

/** What the account's Security tab shows. */
export const TwoFactorStatus = z
  .object({
    enabled: z.boolean(),
    enabledAt: Timestamp.nullable(),
    recoveryCodesLeft: z.number().int().min(0),
  })
  .openapi('TwoFactorStatus');
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/** A new secret to scan: the otpauth URI for the QR code and the secret (base32) to type in by hand. */
export const TwoFactorEnrolment = z
  .object({ secret: z.string(), otpauthUri: z.string() })
  .openapi('TwoFactorEnrolment');
export type TwoFactorEnrolment = z.infer<typeof TwoFactorEnrolment>;

export const TwoFactorCodeRequest = z.object({ code: TotpCode }).strict().openapi('TwoFactorCodeRequest');
export type TwoFactorCodeRequest = z.input<typeof TwoFactorCodeRequest>;

export const TwoFactorDisableRequest = z
  .object({
    password: z.string(requiredText('password')).min(1, 'password is required').max(128),
    code: TotpCode,
  })
  .strict()
  .openapi('TwoFactorDisableRequest');
export type TwoFactorDisableRequest = z.input<typeof TwoFactorDisableRequest>;

/** Shown once, when two-factor is turned on or the codes are made anew; only their hashes are kept. */
export const RecoveryCodes = z
  .object({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) })
  .openapi('RecoveryCodes');
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

/**
 * The password was right but the sign-in needs a second step: `code` (enter a code or a recovery code) or
 * `enrol` (an admin account that must turn two-factor on first). The token is short-lived and single-use; it is
 * no session and opens nothing else.
 */
export const TwoFactorChallenge = z
  .object({
    twoFactor: z.object({
      challengeToken: z.string(),
      required: z.enum(['code', 'enrol']),
      expiresAt: Timestamp,
    }),
  })
  .openapi('TwoFactorChallenge');
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallenge>;

/** A session; the second step's challenge; or, from a device and network never seen, the wait for the mailed approval. */
export const LoginResponse = z
  .union([AuthResponse, TwoFactorChallenge, DeviceApprovalPending])
  .openapi('LoginResponse');
export type LoginResponse = z.infer<typeof LoginResponse>;

/** The second step: a code from the app, or one of the recovery codes (each works once). */
export const TwoFactorLoginRequest = z
  .union([
    z.object({ challengeToken: ChallengeToken, code: TotpCode }).strict(),
    z.object({ challengeToken: ChallengeToken, recoveryCode: RecoveryCode }).strict(),
  ])
  .openapi('TwoFactorLoginRequest');
export type TwoFactorLoginRequest = z.input<typeof TwoFactorLoginRequest>;

export const TwoFactorChallengeRequest = z
  .object({ challengeToken: ChallengeToken })
  .strict()
  .openapi('TwoFactorChallengeRequest');
export type TwoFactorChallengeRequest = z.infer<typeof TwoFactorChallengeRequest>;

export const TwoFactorEnrolConfirmRequest = z
  .object({ challengeToken: ChallengeToken, code: TotpCode })
  .strict()
  .openapi('TwoFactorEnrolConfirmRequest');
export type TwoFactorEnrolConfirmRequest = z.input<typeof TwoFactorEnrolConfirmRequest>;

/** An admin who turned two-factor on while signing in: the session and the codes to keep. */
export const EnrolledSignIn = AuthResponse.extend({
  recoveryCodes: RecoveryCodes.shape.recoveryCodes,
}).openapi('EnrolledSignIn');
export type EnrolledSignIn = z.infer<typeof EnrolledSignIn>;
