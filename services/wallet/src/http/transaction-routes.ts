import { LedgerExportQuery } from '@cropvest/contracts';
import { csvExportRoute } from '@cropvest/service-kit/db';
import { handlers } from '@cropvest/service-kit/operations';
import * as history from '../app/history.ts';
import { ledgerExport } from '../db/exports.ts';
import { transactionReport } from '../db/reports.ts';
import type { WalletContext } from '../app/context.ts';

/**
 * The ledger's movements: an investor's own transaction history, the admins' transactions report and the CSV
 * export of every ledger entry.
 */
export const transactionRoutes = (wallet: WalletContext) =>
  handlers('wallet', {
    myTransactions: ({ actor, query }) => history.myTransactions(wallet, actor, query),
    transactionsReport: ({ query }) => transactionReport(wallet.db, query),
    exportLedgerEntries: { middleware: [csvExportRoute(wallet, LedgerExportQuery, ledgerExport)] },
  });
