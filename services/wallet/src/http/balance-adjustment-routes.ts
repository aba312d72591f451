import { handlers } from '@cropvest/service-kit/operations';
import * as adjustments from '../app/adjustments.ts';
import type { WalletContext } from '../app/context.ts';

/** Balance adjustments awaiting an admin's review, and that review. */
export const balanceAdjustmentRoutes = (wallet: WalletContext) =>
  handlers('wallet', {
    balanceAdjustments: ({ query }) => adjustments.adminAdjustments(wallet, query),
    reviewBalanceAdjustment: ({ actor, id, body, meta }) =>
      adjustments.reviewAdjustment(wallet, actor, id, body, meta),
  });
