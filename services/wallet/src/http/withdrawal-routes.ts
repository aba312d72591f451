import { TransferExportQuery } from '@cropvest/contracts';
import { csvExportRoute } from '@cropvest/service-kit/db';
import { handlers } from '@cropvest/service-kit/operations';
import * as withdrawals from '../app/withdrawals.ts';
import { withdrawalsExport } from '../db/exports.ts';
import type { WalletContext } from '../app/context.ts';

/**
 * Withdrawals: an investor's own requests and the admin desk's review, payout transaction id, counts and CSV
 * export (their limits and holds have files of their own).
 */
export const withdrawalRoutes = (wallet: WalletContext) =>
  handlers('wallet', {
    myWithdrawals: ({ actor, query }) => withdrawals.myWithdrawals(wallet, actor, query),
    myWithdrawal: ({ actor, id }) => withdrawals.myWithdrawal(wallet, actor, id),
    requestWithdrawal: ({ actor, body, meta }) => withdrawals.requestWithdrawal(wallet, actor, body, meta),
    adminWithdrawals: ({ query }) => withdrawals.adminWithdrawals(wallet, query),
    adminWithdrawalCounts: ({ query }) => withdrawals.withdrawalCounts(wallet, query.q),
    adminWithdrawal: ({ id }) => withdrawals.adminWithdrawal(wallet, id),
    reviewWithdrawal: ({ actor, id, body, meta }) =>
      withdrawals.reviewWithdrawal(wallet, actor, id, body, meta),
    recordWithdrawalTxid: ({ actor, id, body, meta }) =>
      withdrawals.recordPayoutTxid(wallet, actor, id, body.txid as string, meta),
    exportWithdrawals: { middleware: [csvExportRoute(wallet, TransferExportQuery, withdrawalsExport)] },
  });
