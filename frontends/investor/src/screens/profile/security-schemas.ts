// The Security tab's forms, from the contracts (spec section 5 "Password change"). Loaded on a form's first use.
import { Password } from '@cropvest/contracts/identity/auth';
import { TotpCode, TwoFactorCodeRequest } from '@cropvest/contracts/identity/two-factor';
import { z } from '@cropvest/contracts/zod';

export { TwoFactorCodeRequest };

export const CurrentPassword = z.string().min(1, 'Current password is required').max(128);

export const ChangePasswordForm = z
  .object({
    currentPassword: CurrentPassword,
    newPassword: Password,
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: "New passwords don't match.",
    path: ['confirmPassword'],
  });

/** A change confirmed with the current password (PasswordConfirmDialog). */
export const PasswordConfirmForm = z.object({ currentPassword: CurrentPassword });
/** …and a current code from the authenticator app (switching two-factor off). */
export const PasswordAndCodeConfirmForm = PasswordConfirmForm.extend({ code: TotpCode });
