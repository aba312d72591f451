import Router from '@koa/router';
import { WithdrawalLimitRaiseRequest, WithdrawalLimitRaiseStatusUpdate } from '@cropvest/contracts';
import { authenticate, requireRole, route } from '@cropvest/service-kit';
import * as limits from '../app/withdrawal-limits.ts';
import type { WalletContext } from '../app/context.ts';

/**
 * Withdrawal limits (docs/decisions/0099): the investor's own, read by the Withdraw screen before the form; an
 * investor's limits, their raise and its second approval for admins (the admin token checked again here).
 */
export function withdrawalLimitRoutes(wallet: WalletContext): Router {
  const router = new Router({ prefix: '/api' });
  router.get(
    '/withdrawals/limits',
    authenticate(wallet.verifier),
    route({}, ({ actor }) => limits.myWithdrawalLimits(wallet, actor)),
  );
  router.use(
    ['/admin/withdrawal-limits', '/admin/withdrawal-limit-raises'],
    authenticate(wallet.verifier),
    requireRole('admin'),
  );
  router.get(
    '/admin/withdrawal-limits/:id',
    route({}, ({ id }) => limits.adminWithdrawalLimits(wallet, id)),
  );
  router.post(
    '/admin/withdrawal-limits/:id/raises',
    route({ body: WithdrawalLimitRaiseRequest, status: 201 }, ({ actor, id, body, meta }) =>
      limits.raiseWithdrawalLimits(wallet, actor, id, body, meta),
    ),
  );
  router.put(
    '/admin/withdrawal-limit-raises/:id/status',
    route({ body: WithdrawalLimitRaiseStatusUpdate }, ({ actor, id, body, meta }) =>
      limits.reviewLimitRaise(wallet, actor, id, body, meta),
    ),
  );
  return router;
}
