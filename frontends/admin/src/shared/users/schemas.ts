// The user forms' schemas, loaded on a form's first use (lazyZodResolver). The edit form is the contract's fields,
// with the reason a balance change needs asked for only when the balance differs from the user's current one.
import { z } from '@cropvest/contracts/zod';
import { Email, Role } from '@cropvest/contracts/common';
import { PersonName } from '@cropvest/contracts/identity/auth';
import { NonNegativeAmount } from '@cropvest/contracts/wallet/model';
import { sameAmount } from '@cropvest/contracts/money';

export const BALANCE_REASON_REQUIRED = 'Please give a reason for the balance change (at least 3 characters)';

export const userEditForm = (currentBalance: string) =>
  z
    .object({
      name: PersonName,
      email: Email,
      role: Role,
      balance: NonNegativeAmount,
      balanceReason: z.string().trim().max(500, 'Balance reason must be at most 500 characters'),
    })
    .superRefine((values, ctx) => {
      if (!sameAmount(values.balance, currentBalance) && values.balanceReason.length < 3)
        ctx.addIssue({ code: 'custom', path: ['balanceReason'], message: BALANCE_REASON_REQUIRED });
    });

export const BAN_REASON_REQUIRED = 'Please give a reason for the ban (at least 3 characters)';

/** The screens ask for a ban's reason (the contract accepts none, for other callers). */
export const BanForm = z.object({
  reason: z.string().trim().min(3, BAN_REASON_REQUIRED).max(500, 'Ban reason must be at most 500 characters'),
});
