// Withdrawal limits' operations (docs/decisions/0099-withdrawal-limits.md), answered by the wallet, which counts the
// withdrawals and keeps each investor's raised limits.
import { ownedBy } from '../api-operation.ts';
import {
  AdminWithdrawalLimits,
  WithdrawalLimitRaise,
  WithdrawalLimitRaiseRequest,
  WithdrawalLimitRaiseStatusUpdate,
  WithdrawalLimits,
} from './withdrawal-limits.ts';

export const withdrawalLimitOperations = ownedBy('wallet', {
  myWithdrawalLimits: {
    method: 'get',
    path: '/api/withdrawals/limits',
    summary:
      "Own withdrawal limits for any 24 hours and any 30 days (the KYC level's, or an admin's raise), what pending and approved withdrawals used in each sliding window and what remains",
    tag: 'Wallet',
    auth: 'user',
    response: WithdrawalLimits,
  },
  userWithdrawalLimits: {
    method: 'get',
    path: '/api/admin/withdrawal-limits/{id}',
    summary:
      "One investor's withdrawal limits and usage, and the latest raises of them (one awaiting a second approval first)",
    tag: 'Admin: wallet',
    auth: 'admin',
    response: AdminWithdrawalLimits,
  },
  raiseWithdrawalLimits: {
    method: 'post',
    path: '/api/admin/withdrawal-limits/{id}/raises',
    errors: {
      409: 'A raise of this investor’s limits already awaits a second approval (RAISE_PENDING), or the new limits are not above the current ones (NOT_A_RAISE)',
    },
    summary:
      "Raise one investor's 24-hour and 30-day withdrawal limits with a reason (audited): applied at once when each increase is below the second-approval threshold, otherwise held until a different admin approves",
    tag: 'Admin: wallet',
    auth: 'admin',
    body: WithdrawalLimitRaiseRequest,
    response: WithdrawalLimitRaise,
    status: 201,
  },
  reviewWithdrawalLimitRaise: {
    method: 'put',
    path: '/api/admin/withdrawal-limit-raises/{id}/status',
    errors: {
      409: 'The raise was already applied or rejected (ALREADY_REVIEWED), or the approval came from the admin who requested it (SAME_APPROVER)',
    },
    summary:
      'Approve (a different admin than the one who requested it: the limits apply at once) or reject a raise awaiting a second approval (audited)',
    tag: 'Admin: wallet',
    auth: 'admin',
    body: WithdrawalLimitRaiseStatusUpdate,
    response: WithdrawalLimitRaise,
  },
});
