// The anti-phishing code's forms, from the contract. Loaded on a form's first use.
import { AntiPhishingCodeText } from '@cropvest/contracts/anti-phishing';
import { z } from '@cropvest/contracts/zod';

const CurrentPassword = z.string().min(1, 'Current password is required').max(128);

export const SetAntiPhishingCodeForm = z.object({
  code: AntiPhishingCodeText,
  currentPassword: CurrentPassword,
});
export const RemoveAntiPhishingCodeForm = z.object({ currentPassword: CurrentPassword });
