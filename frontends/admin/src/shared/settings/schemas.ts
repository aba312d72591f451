// The System Settings forms' schemas, from the contracts (loaded on a form's first use). Each checks its whole
// section as the server does; the interest form also refuses a minimum at or above the maximum, under the field.
import { compareAmounts } from '@cropvest/contracts/money';
import {
  GeneralSettings,
  InterestInputs,
  MINIMUM_ABOVE_MAXIMUM,
  SecuritySettings,
} from '@cropvest/contracts/identity/settings';
import { isIpRange } from '@cropvest/contracts/identity/ip-ranges';
import { z } from '@cropvest/contracts/zod';

export { CreateTestimonialRequest } from '@cropvest/contracts/identity/testimonials';

export const GeneralForm = GeneralSettings;

export const InterestForm = z
  .object({ ...InterestInputs, autoCompoundInterest: z.boolean() })
  .refine((form) => compareAmounts(form.minimumInvestment, form.maximumInvestment) < 0, {
    message: MINIMUM_ABOVE_MAXIMUM,
    path: ['minimumInvestment'],
  });

/** The allowed addresses are typed one a line (or separated by commas); a wrong one is named. */
export const SecurityForm = SecuritySettings.extend({
  ipWhitelist: z
    .string()
    .transform((text) =>
      text
        .split(/[\n,]/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .superRefine((list, issues) => {
      const wrong = list.find((entry) => !isIpRange(entry));
      if (wrong)
        issues.addIssue({ code: 'custom', message: `${wrong} is not an IP address or a CIDR range` });
      if (list.length > 100) issues.addIssue({ code: 'custom', message: 'At most 100 allowed addresses' });
    }),
}).superRefine((form, issues) => {
  if (form.ipWhitelisting && form.ipWhitelist.length === 0)
    issues.addIssue({
      code: 'custom',
      path: ['ipWhitelist'],
      message: 'Add at least one allowed address before turning on IP whitelisting',
    });
});
