import Router from '@koa/router';
import {
  DepositRequest,
  ListQuery,
  TransactionHistoryQuery,
  UploadTicketRequest,
  WithdrawalRequest,
} from '@cropvest/contracts';
import { authenticate, currentUser, pageRoute, parseInput, route } from '@cropvest/service-kit';
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

  router.get(
    '/wallet-settings',
    route({}, () => settings.walletSettings(wallet)),
  );
  router.get(
    '/payment-methods',
    route({}, () => settings.paymentMethods(wallet)),
  );

  router.get(
    '/deposits',
    pageRoute({ query: ListQuery }, ({ actor, query }) => deposits.myDeposits(wallet, actor, query)),
  );
  router.post(
    '/deposits',
    route({ body: DepositRequest, status: 201 }, ({ actor, body, meta }) =>
      deposits.createDeposit(wallet, actor, body, meta),
    ),
  );
  router.get(
    '/deposits/:id/proof',
    route({}, ({ actor, id }) => deposits.proofLink(wallet, actor, id)),
  );

  router.get(
    '/withdrawals',
    pageRoute({ query: ListQuery }, ({ actor, query }) => withdrawals.myWithdrawals(wallet, actor, query)),
  );
  router.post(
    '/withdrawals',
    route({ body: WithdrawalRequest, status: 201 }, ({ actor, body, meta }) =>
      withdrawals.requestWithdrawal(wallet, actor, body, meta),
    ),
  );

  router.get(
    '/transactions',
    pageRoute({ query: TransactionHistoryQuery }, ({ actor, query }) =>
      history.myTransactions(wallet, actor, query),
    ),
  );

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
