import Router from '@koa/router';
import { authenticate, route } from '@cropvest/service-kit';
import { myWithdrawalHold } from '../app/withdrawal-holds.ts';
import type { WalletContext } from '../app/context.ts';

/** The investor's own withdrawal hold (docs/decisions/0098), read by the Withdraw screen before the form. */
export function withdrawalHoldRoutes(wallet: WalletContext): Router {
  const router = new Router({ prefix: '/api' });
  router.get(
    '/withdrawals/hold',
    authenticate(wallet.verifier),
    route({}, ({ actor }) => myWithdrawalHold(wallet, actor)),
  );
  return router;
}
