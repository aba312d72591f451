// The forms' schemas, straight from packages/contracts (spec section 5). This module (with zod) is loaded
// when a form is first used, not with the page, so sign-in and registration paint without it.
import { LoginRequest, Password, RegisterRequest } from '@cropvest/contracts/identity/auth';
import { RecoveryCode, TotpCode } from '@cropvest/contracts/identity/two-factor';
import { UnfreezeRequest } from '@cropvest/contracts/identity/account-protection';
import { z } from '@cropvest/contracts/zod';
import { formatOutsideReact } from '@cropvest/ui/i18n';
import { AUTH_MESSAGES, type AuthMessageId } from './messages/catalogue.ts';

export { LoginRequest };

/**
 * A rule of these forms' own, said in the page's language when it is checked (the shell's catalogue is loaded with
 * the page); the contracts' texts are put in it by the form's resolver (the kit's known texts, decision 0129).
 */
const said = (id: AuthMessageId) => ({ error: () => formatOutsideReact(AUTH_MESSAGES, id) });

// The second sign-in step: a code from the app, or one recovery code.
export const TwoFactorCodeForm = z.object({ code: TotpCode });
export const RecoveryCodeForm = z.object({ recoveryCode: RecoveryCode });

export const RegisterForm = z
  .object({
    name: RegisterRequest.shape.name,
    email: RegisterRequest.shape.email,
    password: Password,
    confirmPassword: Password,
    terms: z.boolean().refine((accepted) => accepted, said('shell.form.termsRequired')),
  })
  .refine((form) => form.password === form.confirmPassword, {
    ...said('shell.form.passwordsDiffer'),
    path: ['confirmPassword'],
  });

// A new password from a reset link: the registration rules, typed twice.
export const ResetPasswordForm = z
  .object({ password: Password, confirmPassword: Password })
  .refine((form) => form.password === form.confirmPassword, {
    ...said('shell.form.passwordsDiffer'),
    path: ['confirmPassword'],
  });

// Periodic password reset: the current password, then a new one by the registration rules, typed twice.
export const ExpiredPasswordForm = z
  .object({
    currentPassword: z.string().min(1, said('shell.form.currentPasswordRequired')).max(128),
    newPassword: Password,
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    ...said('shell.form.newPasswordsDiffer'),
    path: ['confirmPassword'],
  })
  .refine((form) => form.newPassword !== form.currentPassword, {
    ...said('shell.form.samePassword'),
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
