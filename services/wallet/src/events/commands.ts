// Request/reply answers the wallet gives other services. serveCommand parses each command by its schema first, so
// a bad one answers 400 with the field's message, like an HTTP call would.
import {
  LiabilitiesQuery,
  OwedPageQuery,
  WALLET_ADJUST_SUBJECT,
  WALLET_BALANCE_SUBJECT,
  WALLET_BALANCES_PAGE_SUBJECT,
  WALLET_DEBIT_SUBJECT,
  WALLET_LIABILITIES_SUBJECT,
  WALLET_STATS_SUBJECT,
  WalletAdjustCommand,
  WalletBalanceQuery,
  WalletDebitCommand,
  StatsQuery,
} from '@cropvest/contracts';
import { serveCommand } from '@cropvest/service-kit/bus';
import { balancesOf, debitForInvestment, stats } from '../app/service-requests.ts';
import { adjustBalance } from '../app/adjustments.ts';
import { owedPage, walletLiabilities } from '../db/liabilities.ts';
import type { WalletContext } from '../app/context.ts';

export function serveCommands(wallet: WalletContext) {
  const { nc } = wallet.bus;
  const subscriptions = [
    serveCommand(nc, wallet.logger, {
      subject: WALLET_DEBIT_SUBJECT,
      schema: WalletDebitCommand,
      handle: (input) => debitForInvestment(wallet, input),
    }),
    serveCommand(nc, wallet.logger, {
      subject: WALLET_ADJUST_SUBJECT,
      schema: WalletAdjustCommand,
      handle: (input) => adjustBalance(wallet, input),
    }),
    serveCommand(nc, wallet.logger, {
      subject: WALLET_BALANCE_SUBJECT,
      schema: WalletBalanceQuery,
      handle: (input) => balancesOf(wallet, input.userId),
    }),
    serveCommand(nc, wallet.logger, {
      subject: WALLET_STATS_SUBJECT,
      schema: StatsQuery,
      handle: () => stats(wallet),
    }),
    // The chain service's reconciliation and proof of liabilities (docs/decisions/0082).
    serveCommand(nc, wallet.logger, {
      subject: WALLET_LIABILITIES_SUBJECT,
      schema: LiabilitiesQuery,
      handle: () => walletLiabilities(wallet.db),
    }),
    serveCommand(nc, wallet.logger, {
      subject: WALLET_BALANCES_PAGE_SUBJECT,
      schema: OwedPageQuery,
      handle: (input) => owedPage(wallet.db, input),
    }),
  ];
  return { stop: async () => subscriptions.forEach((s) => s.unsubscribe()) };
}
