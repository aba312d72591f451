import Router from '@koa/router';
import { ListQuery } from '@cropvest/contracts';
import { authenticate, pageRoute, requireRole, route } from '@cropvest/service-kit';
import * as protection from '../app/admin-account-protection.ts';
import type { WalletContext } from '../app/context.ts';

/**
 * One investor's address book and withdrawal holds for the admin user page (docs/decisions/0102); the admin token
 * is checked again here even though the gateway checked it first.
 */
export function adminAccountProtectionRoutes(wallet: WalletContext): Router {
  const router = new Router({ prefix: '/api/admin/users' });
  router.use(authenticate(wallet.verifier), requireRole('admin'));
  router.get(
    '/:id/address-book',
    pageRoute({ query: ListQuery }, ({ id, query }) => protection.adminAddressBook(wallet, id, query)),
  );
  router.get(
    '/:id/address-book/settings',
    route({}, ({ id }) => protection.adminAddressBookSettings(wallet, id)),
  );
  router.get(
    '/:id/withdrawal-holds',
    pageRoute({ query: ListQuery }, ({ id, query }) => protection.adminWithdrawalHolds(wallet, id, query)),
  );
  return router;
}
