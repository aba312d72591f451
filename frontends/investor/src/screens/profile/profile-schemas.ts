// The Profile tab's form, from the contracts: the name and email rules of registration (spec section 5); the
// current password is asked for only when the email changes, which the form checks on sending.
import { PersonName } from '@cropvest/contracts/identity/auth';
import { Email } from '@cropvest/contracts/common';
import { z } from '@cropvest/contracts/zod';

export const ProfileForm = z.object({
  name: PersonName,
  email: Email,
  currentPassword: z.string().max(128),
});
