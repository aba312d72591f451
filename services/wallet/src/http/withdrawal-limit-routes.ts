import { handlers } from '@cropvest/service-kit/operations';
import * as limits from '../app/withdrawal-limits.ts';
import type { WalletContext } from '../app/context.ts';

/**
 * Withdrawal limits (docs/decisions/0099): the investor's own, read by the Withdraw screen before the form; an
 * investor's limits, their raise and its second approval for admins.
 */
export const withdrawalLimitRoutes = (wallet: WalletContext) =>
  handlers('wallet', {
    myWithdrawalLimits: ({ actor }) => limits.myWithdrawalLimits(wallet, actor),
    userWithdrawalLimits: ({ id }) => limits.adminWithdrawalLimits(wallet, id),
    raiseWithdrawalLimits: ({ actor, id, body, meta }) =>
      limits.raiseWithdrawalLimits(wallet, actor, id, body, meta),
    reviewWithdrawalLimitRaise: ({ actor, id, body, meta }) =>
      limits.reviewLimitRaise(wallet, actor, id, body, meta),
  });
