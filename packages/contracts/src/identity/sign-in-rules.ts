// What the sign-in pages need besides their schemas (auth.ts, two-factor.ts, account-protection.ts), so the first
// screen of /login and the approval pages carries no zod: the answers told apart, and the texts and times shown.
import type { DeviceApprovalPending } from './auth.ts';
import type { TwoFactorChallenge } from './two-factor.ts';

/** An unapproved sign-in waits this long for the owner to open the mailed link; then it is void. */
export const DEVICE_APPROVAL_MINUTES = 15;

/** The mailed link that confirms an unfreeze works this long. */
export const UNFREEZE_LINK_MINUTES = 60;

export const ACCOUNT_FROZEN_BY_ADMIN_MESSAGE =
  'This account was frozen by an administrator. Please contact support.';

export const isDeviceApprovalPending = (response: object): response is DeviceApprovalPending =>
  'deviceApproval' in response;

export const isTwoFactorChallenge = (response: object): response is TwoFactorChallenge =>
  'twoFactor' in response;
