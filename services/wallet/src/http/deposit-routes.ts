import { TransferExportQuery } from '@cropvest/contracts';
import { csvExportRoute } from '@cropvest/service-kit/db';
import { handlers } from '@cropvest/service-kit/operations';
import * as deposits from '../app/deposits.ts';
import { depositsExport } from '../db/exports.ts';
import type { WalletContext } from '../app/context.ts';

/**
 * Deposits: an investor's own (every record checked for ownership) and the admin desk's review, counts and CSV
 * export. Paths, roles and payloads come from the operations (packages/contracts/src/wallet/api.ts).
 */
export const depositRoutes = (wallet: WalletContext) =>
  handlers('wallet', {
    myDeposits: ({ actor, query }) => deposits.myDeposits(wallet, actor, query),
    createDeposit: ({ actor, body, meta }) => deposits.createDeposit(wallet, actor, body, meta),
    myDeposit: ({ actor, id }) => deposits.myDeposit(wallet, actor, id),
    depositProof: ({ actor, id }) => deposits.proofLink(wallet, actor, id),
    adminDeposits: ({ query }) => deposits.adminDeposits(wallet, query),
    adminDepositCounts: ({ query }) => deposits.depositCounts(wallet, query.q),
    adminDeposit: ({ id }) => deposits.adminDeposit(wallet, id),
    reviewDeposit: ({ actor, id, body, meta }) => deposits.reviewDeposit(wallet, actor, id, body, meta),
    exportDeposits: { middleware: [csvExportRoute(wallet, TransferExportQuery, depositsExport)] },
  });
