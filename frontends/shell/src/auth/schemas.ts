// The forms' schemas, straight from packages/contracts (spec section 5). This module (with zod) is loaded
// when a form is first used, not with the page, so sign-in and registration paint without it.
import { LoginRequest, Password, RegisterRequest } from '@cropvest/contracts/identity/auth';
import { RecoveryCode, TotpCode } from '@cropvest/contracts/identity/two-factor';
import { UnfreezeRequest } from '@cropvest/contracts/identity/account-protection';
import { z } from '@cropvest/contracts/zod';

export { LoginRequest };

// The second sign-in step: a code from the app, or one recovery code.
export const TwoFactorCodeForm = z.object({ code: TotpCode });
export const RecoveryCodeForm = z.object({ recoveryCode: RecoveryCode });

export const RegisterForm = z
  .object({
    name: RegisterRequest.shape.name,
    email: RegisterRequest.shape.email,
    password: Password,
    confirmPassword: Password,
    terms: z.boolean().refine((accepted) => accepted, 'You must accept the terms and conditions'),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

// A new password from a reset link: the registration rules, typed twice.
export const ResetPasswordForm = z
  .object({ password: Password, confirmPassword: Password })
  .refine((form) => form.password === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

// Periodic password reset: the current password, then a new one by the registration rules, typed twice.
export const ExpiredPasswordForm = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required').max(128),
    newPassword: Password,
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: "New passwords don't match.",
    path: ['confirmPassword'],
  })
  .refine((form) => form.newPassword !== form.currentPassword, {
    message: 'Choose a password different from the current one.',
    path: ['newPassword'],
  });

/** An optional field by a contract's rule: left empty it is absent, filled in it must pass the rule. */
const emptyOr = (rule: z.ZodType<string, string>) =>
  z.string().transform((value, context) => {
    if (value.trim() === '') return undefined;
    const checked = rule.safeParse(value);
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) context.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  });

// Asking to unfreeze (docs/decisions/0101-account-freeze.md): the password, and the second factor for an account
// that set one up (a code, or one recovery code; the form shows one of the two fields at a time).
export const UnfreezeForm = z.object({
  email: UnfreezeRequest.shape.email,
  password: UnfreezeRequest.shape.password,
  code: emptyOr(TotpCode),
  recoveryCode: emptyOr(RecoveryCode),
});
