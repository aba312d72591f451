// How the review dialogs name a withdrawal: "75.00 USDT to Ana (TXyz…9f0e)".
import type { AdminWithdrawal } from '@cropvest/contracts/wallet/model';
import { formatUsdt, shortenAddress } from '@cropvest/ui/format';
import type { WithdrawalsText } from './messages/catalogue.ts';

export const describeWithdrawal = (withdrawal: AdminWithdrawal, text: WithdrawalsText) =>
  text('withdrawals.describe', {
    amount: formatUsdt(withdrawal.amount),
    name: withdrawal.user.name,
    address: shortenAddress(withdrawal.walletAddress),
  });

/** Which withdrawal a control acts on, for screen readers: "the 75.00 USDT withdrawal of Ana". */
export const withdrawalOf = (withdrawal: AdminWithdrawal, text: WithdrawalsText) =>
  text('withdrawals.row.of', { amount: formatUsdt(withdrawal.amount), name: withdrawal.user.name });
