import Router from '@koa/router';
import {
  AddressBookEntryRequest,
  AddressBookSettingsUpdate,
  LookalikeQuery,
} from '@cropvest/contracts/address-book';
import {
  DepositRequest,
  ListQuery,
  TransactionHistoryQuery,
  UploadTicketRequest,
  WithdrawalRequest,
} from '@cropvest/contracts';
import { authenticate, currentUser, pageRoute, parseInput, route } from '@cropvest/service-kit';
import { uploadRoute } from '@cropvest/service-kit/uploads';
import * as addressBook from '../app/address-book.ts';
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
    [
      '/wallet-settings',
      '/payment-methods',
      '/deposits',
      '/withdrawals',
      '/transactions',
      '/objects',
      '/address-book',
    ],
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

  // The withdrawal address book (decision 0097): the literal paths before `/:id`.
  router.get(
    '/address-book',
    pageRoute({ query: ListQuery }, ({ actor, query }) => addressBook.myEntries(wallet, actor, query)),
  );
  router.post(
    '/address-book',
    route({ body: AddressBookEntryRequest, status: 201 }, ({ actor, body, meta }) =>
      addressBook.addEntry(wallet, actor, body, meta),
    ),
  );
  router.get(
    '/address-book/settings',
    route({}, ({ actor }) => addressBook.mySettings(wallet, actor)),
  );
  router.put(
    '/address-book/settings',
    route({ body: AddressBookSettingsUpdate }, ({ actor, body, meta }) =>
      addressBook.updateSettings(wallet, actor, body, meta),
    ),
  );
  router.get(
    '/address-book/lookalikes',
    route({ query: LookalikeQuery }, ({ actor, query }) =>
      addressBook.lookalikeOf(wallet, actor, query.address),
    ),
  );
  router.delete(
    '/address-book/:id',
    route({}, ({ actor, id }) => addressBook.removeEntry(wallet, actor, id)),
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
