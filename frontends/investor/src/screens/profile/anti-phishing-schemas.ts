// The anti-phishing code's form, from the contract. Loaded on the form's first use.
import { AntiPhishingCodeText } from '@cropvest/contracts/identity/anti-phishing';
import { z } from '@cropvest/contracts/zod';
import { CurrentPassword } from './security-schemas.ts';

export const SetAntiPhishingCodeForm = z.object({
  code: AntiPhishingCodeText,
  currentPassword: CurrentPassword,
});
