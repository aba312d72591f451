import { handlers } from '@cropvest/service-kit/operations';
import * as settings from '../app/settings.ts';
import type { WalletContext } from '../app/context.ts';

/**
 * The platform's deposit addresses and payment methods: read by investors (the Deposit screen), kept by admins,
 * with each address's history.
 */
export const walletSettingsRoutes = (wallet: WalletContext) =>
  handlers('wallet', {
    walletSettings: () => settings.walletSettings(wallet),
    paymentMethods: () => settings.paymentMethods(wallet),
    adminWalletSettings: () => settings.allWalletSettings(wallet),
    updateWalletSettings: ({ actor, body, meta }) => settings.saveWalletSettings(wallet, actor, body, meta),
    walletAddressHistory: ({ query }) => settings.addressHistory(wallet, query),
    updatePaymentMethods: ({ actor, body, meta }) => settings.savePaymentMethod(wallet, actor, body, meta),
  });
