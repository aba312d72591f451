import Router from '@koa/router';
import {
  AdminBalanceAdjustmentQuery,
  AdminTransferCountsQuery,
  BalanceAdjustmentStatusUpdate,
  AdminTransferListQuery,
  DepositStatusUpdate,
  IdParam,
  LedgerExportQuery,
  ListQuery,
  PaymentMethodUpdate,
  ReportQuery,
  TransferExportQuery,
  WalletSettingsUpdate,
  WithdrawalStatusUpdate,
} from '@cropvest/contracts';
import {
  authenticate,
  csvExportRoute,
  currentUser,
  parseInput,
  requireRole,
  requestMeta,
  sendPage,
} from '@cropvest/service-kit';
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

  router.get('/deposits', async (ctx) => {
    sendPage(ctx, await deposits.adminDeposits(wallet, parseInput(AdminTransferListQuery, ctx.query)));
  });
  router.get('/deposits/export.csv', csvExportRoute(wallet, TransferExportQuery, depositsExport));
  router.get('/deposits/counts', async (ctx) => {
    ctx.body = await deposits.depositCounts(wallet, parseInput(AdminTransferCountsQuery, ctx.query).q);
  });
  router.put('/deposits/:id/status', async (ctx) => {
    const { id } = parseInput(IdParam, ctx.params);
    ctx.body = await deposits.reviewDeposit(
      wallet,
      currentUser(ctx.state),
      id,
      parseInput(DepositStatusUpdate, ctx.request.body),
      requestMeta(ctx),
    );
  });

  router.get('/withdrawals', async (ctx) => {
    sendPage(ctx, await withdrawals.adminWithdrawals(wallet, parseInput(AdminTransferListQuery, ctx.query)));
  });
  router.get('/withdrawals/export.csv', csvExportRoute(wallet, TransferExportQuery, withdrawalsExport));
  router.get('/withdrawals/counts', async (ctx) => {
    ctx.body = await withdrawals.withdrawalCounts(wallet, parseInput(AdminTransferCountsQuery, ctx.query).q);
  });
  router.put('/withdrawals/:id/status', async (ctx) => {
    const { id } = parseInput(IdParam, ctx.params);
    ctx.body = await withdrawals.reviewWithdrawal(
      wallet,
      currentUser(ctx.state),
      id,
      parseInput(WithdrawalStatusUpdate, ctx.request.body),
      requestMeta(ctx),
    );
  });

  router.get('/balance-adjustments', async (ctx) => {
    sendPage(
      ctx,
      await adjustments.adminAdjustments(wallet, parseInput(AdminBalanceAdjustmentQuery, ctx.query)),
    );
  });
  router.put('/balance-adjustments/:id/status', async (ctx) => {
    const { id } = parseInput(IdParam, ctx.params);
    ctx.body = await adjustments.reviewAdjustment(
      wallet,
      currentUser(ctx.state),
      id,
      parseInput(BalanceAdjustmentStatusUpdate, ctx.request.body),
      requestMeta(ctx),
    );
  });

  router.get('/ledger-entries/export.csv', csvExportRoute(wallet, LedgerExportQuery, ledgerExport));

  router.get('/reports/transactions', async (ctx) => {
    ctx.body = await transactionReport(wallet.db, parseInput(ReportQuery, ctx.query));
  });

  router.put('/wallet-settings', async (ctx) => {
    ctx.body = await settings.saveWalletSettings(
      wallet,
      currentUser(ctx.state),
      parseInput(WalletSettingsUpdate, ctx.request.body),
      requestMeta(ctx),
    );
  });
  router.get('/wallet-settings/history', async (ctx) => {
    sendPage(ctx, await settings.addressHistory(wallet, parseInput(ListQuery, ctx.query)));
  });
  router.put('/payment-methods', async (ctx) => {
    ctx.body = await settings.savePaymentMethod(
      wallet,
      currentUser(ctx.state),
      parseInput(PaymentMethodUpdate, ctx.request.body),
      requestMeta(ctx),
    );
  });
  return router;
}
