import Router from '@koa/router';
import {
  DepositRequest,
  IdParam,
  ListQuery,
  TransactionHistoryQuery,
  UploadTicketRequest,
  WithdrawalRequest,
} from '@cropvest/contracts';
import { authenticate, currentUser, parseInput, requestMeta, sendPage } from '@cropvest/service-kit';
import { uploadRoute } from '@cropvest/service-kit/uploads';
import * as deposits from '../app/deposits.ts';
import * as withdrawals from '../app/withdrawals.ts';
import * as history from '../app/history.ts';
import * as settings from '../app/settings.ts';
import * as uploads from '../app/uploads.ts';
import type { WalletContext } from '../app/context.ts';

/** A signed-in user's own wallet calls (spec section 7, Investor); every record is checked for ownership. */
export function investorRoutes(wallet: WalletContext): Router {
  const router = new Router({ prefix: '/api' });
  router.use(
    ['/wallet-settings', '/payment-methods', '/deposits', '/withdrawals', '/transactions', '/objects'],
    authenticate(wallet.verifier),
  );

  router.get('/wallet-settings', async (ctx) => {
    ctx.body = await settings.walletSettings(wallet);
  });
  router.get('/payment-methods', async (ctx) => {
    ctx.body = await settings.paymentMethods(wallet);
  });

  router.get('/deposits', async (ctx) => {
    sendPage(
      ctx,
      await deposits.myDeposits(wallet, currentUser(ctx.state), parseInput(ListQuery, ctx.query)),
    );
  });
  router.post('/deposits', async (ctx) => {
    const input = parseInput(DepositRequest, ctx.request.body);
    ctx.status = 201;
    ctx.body = await deposits.createDeposit(wallet, currentUser(ctx.state), input);
  });
  router.get('/deposits/:id/proof', async (ctx) => {
    ctx.body = await deposits.proofLink(wallet, currentUser(ctx.state), parseInput(IdParam, ctx.params).id);
  });

  router.get('/withdrawals', async (ctx) => {
    sendPage(
      ctx,
      await withdrawals.myWithdrawals(wallet, currentUser(ctx.state), parseInput(ListQuery, ctx.query)),
    );
  });
  router.post('/withdrawals', async (ctx) => {
    const input = parseInput(WithdrawalRequest, ctx.request.body);
    ctx.status = 201;
    ctx.body = await withdrawals.requestWithdrawal(wallet, currentUser(ctx.state), input, requestMeta(ctx));
  });

  router.get('/transactions', async (ctx) => {
    sendPage(
      ctx,
      await history.myTransactions(
        wallet,
        currentUser(ctx.state),
        parseInput(TransactionHistoryQuery, ctx.query),
      ),
    );
  });

  router.post('/objects/upload', async (ctx) => {
    const { purpose } = parseInput(UploadTicketRequest, ctx.request.body ?? {});
    ctx.body = await uploads.issueTicket(wallet, currentUser(ctx.state), purpose);
  });
  return router;
}

/** The PUT of deposit-proof upload addresses (the kit's one upload route, for the bucket the wallet owns). */
export const uploadRoutes = (wallet: WalletContext): Router =>
  uploadRoute({
    db: wallet.db,
    store: wallet.store,
    secret: wallet.config.UPLOAD_TOKEN_SECRET,
    bucket: uploads.DEPOSIT_PROOF_UPLOADS.bucket,
  });
