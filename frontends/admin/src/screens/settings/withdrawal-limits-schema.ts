// The withdrawal limits form's schema (docs/decisions/0099), from the contracts (loaded on the form's first use): the
// section as the server checks it, a 24-hour limit above its level's 30-day limit refused under the 24-hour field.
import { compareAmounts } from '@cropvest/contracts/money';
import { DAILY_ABOVE_MONTHLY, WithdrawalLimitInputs } from '@cropvest/contracts/wallet/withdrawal-limits';
import { z } from '@cropvest/contracts/zod';

export const WithdrawalLimitsForm = z.object(WithdrawalLimitInputs).superRefine((form, issues) => {
  for (const level of ['verified', 'unverified'] as const)
    if (compareAmounts(form[`${level}Daily`], form[`${level}Monthly`]) > 0)
      issues.addIssue({ code: 'custom', path: [`${level}Daily`], message: DAILY_ABOVE_MONTHLY });
});
