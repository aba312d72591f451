// The four-eyes rule (docs/decisions/0060-four-eyes-approval.md) that large withdrawals and manual balance
// adjustments share: at or above the security settings' threshold two different admins are needed.
import { DEFAULT_SETTINGS } from '@cropvest/contracts';
import { type AuthUser } from '@cropvest/service-kit/auth';
import { type Knex } from '@cropvest/service-kit/db';
import { ConflictError } from '@cropvest/service-kit/errors';
import { compareAmounts } from '@cropvest/contracts';
import { readSetting } from '../db/projections.ts';

export const SECOND_APPROVAL_THRESHOLD_SETTING = 'secondApprovalThreshold';

/** Whether an amount (never negative) needs two admins under the security settings' current threshold. */
export async function fourEyesRule(db: Knex): Promise<(amount: string) => boolean> {
  const threshold =
    (await readSetting<string>(db, SECOND_APPROVAL_THRESHOLD_SETTING)) ??
    DEFAULT_SETTINGS.security.secondApprovalThreshold;
  return (amount) => compareAmounts(amount, threshold) >= 0;
}

/** The second approval must come from another admin than the first: 409 SAME_APPROVER with `message`. */
export function refuseSameApprover(firstApproverId: string | null, admin: AuthUser, message: string): void {
  if (firstApproverId === admin.id) throw new ConflictError(message, 'SAME_APPROVER');
}
