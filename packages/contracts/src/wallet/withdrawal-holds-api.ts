// The wallet's withdrawal hold, read by the Withdraw screen before the investor fills the form, and one investor's
// holds for the admin user page.
import { z } from '../zod.ts';
import { ownedBy } from '../api-operation.ts';
import { ListQuery } from '../common.ts';
import { AdminWithdrawalHold, WithdrawalHold } from './withdrawal-holds.ts';

export const withdrawalHoldOperations = ownedBy('wallet', {
  myWithdrawalHold: {
    method: 'get',
    path: '/api/withdrawals/hold',
    summary: 'Whether own new withdrawals are on hold after a security change, until when and why',
    tag: 'Wallet',
    auth: 'user',
    response: WithdrawalHold,
  },
  userWithdrawalHolds: {
    method: 'get',
    path: '/api/admin/users/{id}/withdrawal-holds',
    summary:
      "One investor's withdrawal holds, newest change first, one page (total in X-Total-Count): why, since and until when, and whether each still runs",
    tag: 'Admin: wallet',
    auth: 'admin',
    query: ListQuery,
    paged: true,
    response: z.array(AdminWithdrawalHold),
  },
});
