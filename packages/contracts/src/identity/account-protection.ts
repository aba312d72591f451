// New-device approval, trusted devices and the account freeze (issue 26 items 5 and 7;
// docs/decisions/0100-new-device-approval.md, docs/decisions/0101-account-freeze.md).
import { z } from '../zod.ts';
import { Email, requiredText, Timestamp, Uuid } from '../common.ts';
import { TotpCode, RecoveryCode } from './two-factor.ts';

/** A single-use token from a mailed link, or the one the waiting browser holds. */
const LinkToken = z.string(requiredText('token')).min(1, 'token is required').max(200);

export const DeviceApprovalClaim = z
  .object({ waitToken: z.string(requiredText('waitToken')).min(1, 'waitToken is required').max(200) })
  .strict()
  .openapi('DeviceApprovalClaim');
export type DeviceApprovalClaim = z.infer<typeof DeviceApprovalClaim>;

/** The owner has not opened the link yet (HTTP 202): ask again, until `expiresAt`. */
export const DeviceApprovalWaiting = z
  .object({ status: z.literal('pending'), expiresAt: Timestamp })
  .openapi('DeviceApprovalWaiting');
export type DeviceApprovalWaiting = z.infer<typeof DeviceApprovalWaiting>;

export const DeviceApprovalStatus = z.enum(['pending', 'approved', 'denied', 'expired']);
export type DeviceApprovalStatus = z.infer<typeof DeviceApprovalStatus>;

/** A device as people name it, read from its browser's User-Agent: "Chrome 131", "Mac (macOS 14.5)". */
export const DeviceDescription = z.object({
  browser: z.string(),
  device: z.string(),
  /** The network address it came from, and roughly where that is ("United Kingdom", "Local network"). */
  ipAddress: z.string().nullable(),
  place: z.string(),
});
export type DeviceDescription = z.infer<typeof DeviceDescription>;

/** What the approval page shows the owner before they decide. */
export const DeviceApprovalDetails = DeviceDescription.extend({
  status: DeviceApprovalStatus,
  requestedAt: Timestamp,
  expiresAt: Timestamp,
}).openapi('DeviceApprovalDetails');
export type DeviceApprovalDetails = z.infer<typeof DeviceApprovalDetails>;

export const DeviceApprovalToken = z.object({ token: LinkToken }).strict().openapi('DeviceApprovalToken');
export type DeviceApprovalToken = z.infer<typeof DeviceApprovalToken>;

/** "It wasn't me": the sign-in is refused, and with `freeze` the account is frozen at once. */
export const DeviceApprovalDenial = z
  .object({ token: LinkToken, freeze: z.boolean({ error: 'freeze must be true or false' }).default(false) })
  .strict()
  .openapi('DeviceApprovalDenial');
export type DeviceApprovalDenial = z.input<typeof DeviceApprovalDenial>;

/** How a device came to be trusted. */
export const DeviceTrustedBy = z.enum(['registration', 'first_sign_in', 'known_network', 'email_approval']);
export type DeviceTrustedBy = z.infer<typeof DeviceTrustedBy>;

export const TrustedDevice = DeviceDescription.extend({
  id: Uuid,
  trustedBy: DeviceTrustedBy,
  trustedAt: Timestamp,
  lastSeenAt: Timestamp,
  /** Sessions signed in from it that are still open. */
  activeSessions: z.number().int().min(0),
  /** The device that is asking (its device cookie). */
  current: z.boolean(),
}).openapi('TrustedDevice');
export type TrustedDevice = z.infer<typeof TrustedDevice>;

/** Whether a sign-in from somewhere new waits for the mailed link; admins cannot switch it off (`locked`). */
export const DeviceApprovalSetting = z
  .object({ enabled: z.boolean(), locked: z.boolean() })
  .openapi('DeviceApprovalSetting');
export type DeviceApprovalSetting = z.infer<typeof DeviceApprovalSetting>;

/** Switching it off needs the current password; switching it on does not. */
export const DeviceApprovalSettingUpdate = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    currentPassword: z.string({ error: 'currentPassword must be text' }).max(128).optional(),
  })
  .strict()
  .refine((update) => update.enabled || Boolean(update.currentPassword), {
    message: 'currentPassword is required to switch new-device approval off',
    path: ['currentPassword'],
  })
  .openapi('DeviceApprovalSettingUpdate');
export type DeviceApprovalSettingUpdate = z.infer<typeof DeviceApprovalSettingUpdate>;

export const FrozenBy = z.enum(['owner', 'admin']);
export type FrozenBy = z.infer<typeof FrozenBy>;

/** An account's freeze: while frozen nobody signs in, no session lives and no withdrawal is made. */
export const AccountFreeze = z
  .object({ frozen: z.boolean(), frozenAt: Timestamp.nullable(), frozenBy: FrozenBy.nullable() })
  .openapi('AccountFreeze');
export type AccountFreeze = z.infer<typeof AccountFreeze>;

/** What the admin user page shows of an account's protection besides its lists. */
export const AdminAccountProtection = AccountFreeze.extend({ newDeviceApproval: z.boolean() }).openapi(
  'AdminAccountProtection',
);
export type AdminAccountProtection = z.infer<typeof AdminAccountProtection>;

export const FreezeLinkRequest = z.object({ token: LinkToken }).strict().openapi('FreezeLinkRequest');
export type FreezeLinkRequest = z.infer<typeof FreezeLinkRequest>;

/** Asking to unfreeze: the password, and the second factor when enrolled (a code or a recovery code). */
export const UnfreezeRequest = z
  .object({
    email: Email,
    password: z.string(requiredText('password')).min(1, 'password is required').max(128),
    code: TotpCode.optional(),
    recoveryCode: RecoveryCode.optional(),
  })
  .strict()
  .refine((request) => !(request.code && request.recoveryCode), {
    message: 'Give a code or a recovery code, not both',
    path: ['recoveryCode'],
  })
  .openapi('UnfreezeRequest');
export type UnfreezeRequest = z.input<typeof UnfreezeRequest>;

/** The confirmation link went to the account's mailbox, most of it hidden. */
export const UnfreezeRequested = z
  .object({ sentTo: z.string(), expiresAt: Timestamp })
  .openapi('UnfreezeRequested');
export type UnfreezeRequested = z.infer<typeof UnfreezeRequested>;

export const UnfreezeConfirmRequest = z
  .object({ token: LinkToken })
  .strict()
  .openapi('UnfreezeConfirmRequest');
export type UnfreezeConfirmRequest = z.infer<typeof UnfreezeConfirmRequest>;

/** An admin's freeze or unfreeze of an account, with the reason the audit log keeps. */
export const AdminFreezeRequest = z
  .object({
    reason: z
      .string(requiredText('Reason'))
      .trim()
      .min(1, 'Reason is required')
      .max(500, 'Reason must be at most 500 characters'),
  })
  .strict()
  .openapi('AdminFreezeRequest');
export type AdminFreezeRequest = z.infer<typeof AdminFreezeRequest>;

export const ACCOUNT_FROZEN_CODE = 'ACCOUNT_FROZEN';
export const ACCOUNT_FROZEN_MESSAGE =
  'This account is frozen. To unfreeze it, choose "Unfreeze my account" on the sign-in page.';

/** Hides most of a mailbox's name: the owner recognises it, a stranger learns little. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
