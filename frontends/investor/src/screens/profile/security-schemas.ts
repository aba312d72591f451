// The Security tab's forms, from the contracts (spec section 5 "Password change"). Loaded on a form's first use.
import { Password } from '@cropvest/contracts/auth';
import { TwoFactorCodeRequest, TwoFactorDisableRequest } from '@cropvest/contracts/two-factor';
import { z } from '@cropvest/contracts/zod';

export { TwoFactorCodeRequest, TwoFactorDisableRequest };

export const ChangePasswordForm = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required').max(128),
    newPassword: Password,
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: "New passwords don't match.",
    path: ['confirmPassword'],
  });
