import { handlers } from '@cropvest/service-kit/operations';
import { adminWithdrawalHolds } from '../app/admin-account-protection.ts';
import { myWithdrawalHold } from '../app/withdrawal-holds.ts';
import type { WalletContext } from '../app/context.ts';

/**
 * Withdrawal holds (docs/decisions/0098): the investor's own, read by the Withdraw screen before the form, and
 * one investor's for the admin user page (docs/decisions/0102).
 */
export const withdrawalHoldRoutes = (wallet: WalletContext) =>
  handlers('wallet', {
    myWithdrawalHold: ({ actor }) => myWithdrawalHold(wallet, actor),
    userWithdrawalHolds: ({ id, query }) => adminWithdrawalHolds(wallet, id, query),
  });
