// The wallet's withdrawal hold, read by the Withdraw screen before the investor fills the form.
import { ownedBy } from './api-operation.ts';
import { WithdrawalHold } from './withdrawal-holds.ts';

export const withdrawalHoldOperations = ownedBy('wallet', [
  {
    method: 'get',
    path: '/api/withdrawals/hold',
    summary: 'Whether own new withdrawals are on hold after a security change, until when and why',
    tag: 'Wallet',
    auth: 'user',
    response: WithdrawalHold,
  },
]);
