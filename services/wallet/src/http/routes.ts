import { operationRoutes } from '@cropvest/service-kit/operations';
import type { WalletContext } from '../app/context.ts';
import { addressBookRoutes } from './address-book-routes.ts';
import { balanceAdjustmentRoutes } from './balance-adjustment-routes.ts';
import { depositRoutes } from './deposit-routes.ts';
import { statementRoutes } from './statement-routes.ts';
import { transactionRoutes } from './transaction-routes.ts';
import { uploadRoutes } from './upload-routes.ts';
import { walletSettingsRoutes } from './wallet-settings-routes.ts';
import { withdrawalHoldRoutes } from './withdrawal-hold-routes.ts';
import { withdrawalLimitRoutes } from './withdrawal-limit-routes.ts';
import { withdrawalRoutes } from './withdrawal-routes.ts';

/** Every operation the wallet answers, one handler each (the kit refuses a missing or doubled one). */
export const walletRoutes = (wallet: WalletContext) =>
  operationRoutes('wallet', wallet.verifier, [
    depositRoutes(wallet),
    withdrawalRoutes(wallet),
    withdrawalLimitRoutes(wallet),
    withdrawalHoldRoutes(wallet),
    addressBookRoutes(wallet),
    walletSettingsRoutes(wallet),
    balanceAdjustmentRoutes(wallet),
    transactionRoutes(wallet),
    statementRoutes(wallet),
    uploadRoutes(wallet),
  ]);
