// Admin user management (spec section 7, Admin table).
import { z } from './zod.ts';
import { Email, Role, Timestamp, Uuid } from './common.ts';
import { PersonName, User } from './auth.ts';

export const AdminUserList = z.array(User).openapi('AdminUserList');

/** Only what an admin may change here; balance edits belong to the wallet service. */
export const AdminUserUpdate = z
  .object({ name: PersonName.optional(), email: Email.optional(), role: Role.optional() })
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Nothing to update' })
  .openapi('AdminUserUpdate');
export type AdminUserUpdate = z.infer<typeof AdminUserUpdate>;

export const BanRequest = z.object({ isBanned: z.boolean({ message: 'isBanned must be true or false' }) }).strict().openapi('BanRequest');
export type BanRequest = z.infer<typeof BanRequest>;

export const PasswordResetIssued = z
  .object({ message: z.string(), expiresAt: Timestamp, userId: Uuid })
  .openapi('PasswordResetIssued');
export type PasswordResetIssued = z.infer<typeof PasswordResetIssued>;
