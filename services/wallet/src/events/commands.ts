// Request/reply answers the wallet gives other services.
import { WALLET_ADJUST_SUBJECT, WALLET_BALANCE_SUBJECT, WALLET_DEBIT_SUBJECT, WALLET_STATS_SUBJECT, WalletAdjustCommand, WalletBalanceQuery, WalletDebitCommand, z } from '@cropvest/contracts';
import { serveCommand } from '@cropvest/service-kit';
import { adjustBalance, balancesOf, debitForInvestment, stats } from '../app/ledger-ops.ts';
import type { WalletContext } from '../app/context.ts';

export function serveCommands(wallet: WalletContext) {
  const { nc } = wallet.bus;
  const subscriptions = [
    serveCommand(nc, wallet.logger, { subject: WALLET_DEBIT_SUBJECT, schema: WalletDebitCommand, handle: (input) => debitForInvestment(wallet, input) }),
    serveCommand(nc, wallet.logger, { subject: WALLET_ADJUST_SUBJECT, schema: WalletAdjustCommand, handle: (input) => adjustBalance(wallet, input) }),
    serveCommand(nc, wallet.logger, { subject: WALLET_BALANCE_SUBJECT, schema: WalletBalanceQuery, handle: (input) => balancesOf(wallet, input.userId) }),
    serveCommand(nc, wallet.logger, { subject: WALLET_STATS_SUBJECT, schema: z.object({}).passthrough(), handle: () => stats(wallet) }),
  ];
  return { stop: async () => subscriptions.forEach((s) => s.unsubscribe()) };
}
