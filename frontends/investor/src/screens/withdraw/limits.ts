// The Withdraw form's limit rule (docs/decisions/0099): an amount over what remains in the 24-hour or the 30-day
// window is refused in the browser with what remains, as the wallet would refuse it. Unit-tested in
// test/withdrawal-limits.unit.test.ts.
import { compareAmounts, readableAmount } from '@cropvest/contracts/money';
import type { WithdrawalLimits } from '@cropvest/contracts/wallet/withdrawal-limits';
import type { FieldProblems } from '../../shared/deposit/rules.ts';
import type { WithdrawFormInput } from '../../shared/withdraw/rules.ts';

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/** The amount's problem with the limits, or null (also while the limits are not read yet). */
export function limitProblem(amount: string, limits: WithdrawalLimits | undefined): string | null {
  const text = amount.trim();
  if (!limits || !PLAIN_DECIMAL.test(text)) return null;
  if (compareAmounts(text, limits.day.remaining) > 0)
    return `Over your 24-hour withdrawal limit: ${readableAmount(limits.day.remaining)} USDT remains`;
  if (compareAmounts(text, limits.month.remaining) > 0)
    return `Over your 30-day withdrawal limit: ${readableAmount(limits.month.remaining)} USDT remains`;
  return null;
}

/** The form's other problems with the limit's added under the amount, when the amount has none of its own. */
export const withLimitProblem = (
  problems: FieldProblems<WithdrawFormInput>,
  amount: string,
  limits: WithdrawalLimits | undefined,
): FieldProblems<WithdrawFormInput> =>
  problems.amount ? problems : { ...problems, amount: limitProblem(amount, limits) };
