import Router from '@koa/router';
import {
  AdminBalanceAdjustmentQuery,
  AdminTransferCountsQuery,
  BalanceAdjustmentStatusUpdate,
  AdminTransferListQuery,
  DepositStatusUpdate,
  LedgerExportQuery,
  ListQuery,
  PaymentMethodUpdate,
  ReportQuery,
  TransferExportQuery,
  WalletSettingsUpdate,
  WithdrawalStatusUpdate,
  WithdrawalTxidUpdate,
} from '@cropvest/contracts';
import { authenticate, csvExportRoute, pageRoute, requireRole, route } from '@cropvest/service-kit';
import * as deposits from '../app/deposits.ts';
import * as withdrawals from '../app/withdrawals.ts';
import * as settings from '../app/settings.ts';
import * as adjustments from '../app/adjustments.ts';
import { transactionReport } from '../db/reports.ts';
import { depositsExport, ledgerExport, withdrawalsExport } from '../db/exports.ts';
import type { WalletContext } from '../app/context.ts';

/** Every route here needs an admin token, checked again here even though the gateway checked it first. */
export function adminRoutes(wallet: WalletContext): Router {
  const router = new Router({ prefix: '/api/admin' });
  router.use(
    [
      '/deposits',
      '/withdrawals',
      '/balance-adjustments',
      '/ledger-entries',
      '/wallet-settings',
      '/payment-methods',
      '/reports',
    ],
    authenticate(wallet.verifier),
    requireRole('admin'),
  );

  router.get(
    '/deposits',
    pageRoute({ query: AdminTransferListQuery }, ({ query }) => deposits.adminDeposits(wallet, query)),
  );
  router.get('/deposits/export.csv', csvExportRoute(wallet, TransferExportQuery, depositsExport));
  router.get(
    '/deposits/counts',
    route({ query: AdminTransferCountsQuery }, ({ query }) => deposits.depositCounts(wallet, query.q)),
  );
  router.put(
    '/deposits/:id/status',
    route({ body: DepositStatusUpdate }, ({ actor, id, body, meta }) =>
      deposits.reviewDeposit(wallet, actor, id, body, meta),
    ),
  );

  router.get(
    '/withdrawals',
    pageRoute({ query: AdminTransferListQuery }, ({ query }) => withdrawals.adminWithdrawals(wallet, query)),
  );
  router.get('/withdrawals/export.csv', csvExportRoute(wallet, TransferExportQuery, withdrawalsExport));
  router.get(
    '/withdrawals/counts',
    route({ query: AdminTransferCountsQuery }, ({ query }) => withdrawals.withdrawalCounts(wallet, query.q)),
  );
  router.put(
    '/withdrawals/:id/status',
    route({ body: WithdrawalStatusUpdate }, ({ actor, id, body, meta }) =>
      withdrawals.reviewWithdrawal(wallet, actor, id, body, meta),
    ),
  );

  router.put(
    '/withdrawals/:id/txid',
    route({ body: WithdrawalTxidUpdate }, ({ actor, id, body, meta }) =>
      withdrawals.recordPayoutTxid(wallet, actor, id, body.txid as string, meta),
    ),
  );

  router.get(
    '/balance-adjustments',
    pageRoute({ query: AdminBalanceAdjustmentQuery }, ({ query }) =>
      adjustments.adminAdjustments(wallet, query),
    ),
  );
  router.put(
    '/balance-adjustments/:id/status',
    route({ body: BalanceAdjustmentStatusUpdate }, ({ actor, id, body, meta }) =>
      adjustments.reviewAdjustment(wallet, actor, id, body, meta),
    ),
  );

  router.get('/ledger-entries/export.csv', csvExportRoute(wallet, LedgerExportQuery, ledgerExport));

  router.get(
    '/reports/transactions',
    route({ query: ReportQuery }, ({ query }) => transactionReport(wallet.db, query)),
  );

  router.get(
    '/wallet-settings',
    route({}, () => settings.allWalletSettings(wallet)),
  );
  router.put(
    '/wallet-settings',
    route({ body: WalletSettingsUpdate }, ({ actor, body, meta }) =>
      settings.saveWalletSettings(wallet, actor, body, meta),
    ),
  );
  router.get(
    '/wallet-settings/history',
    pageRoute({ query: ListQuery }, ({ query }) => settings.addressHistory(wallet, query)),
  );
  router.put(
    '/payment-methods',
    route({ body: PaymentMethodUpdate }, ({ actor, body, meta }) =>
      settings.savePaymentMethod(wallet, actor, body, meta),
    ),
  );
  return router;
}
