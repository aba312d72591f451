// Wallet: double-entry ledger and balances, deposits, withdrawals, platform wallet settings, deposit proofs.
import { runService } from '@cropvest/service-kit/runtime';
import { objectStoresFromConfig, uploadClaimsMigration } from '@cropvest/service-kit/uploads';
import { migrations } from './db/migrations/index.ts';
import { loadWalletConfig } from './config.ts';
import type { WalletContext } from './app/context.ts';
import { walletRoutes } from './http/routes.ts';
import { subscriptions } from './events/subscriptions.ts';
import { serveCommands } from './events/commands.ts';
import { seedPlatformWallets } from './app/seed.ts';

const config = loadWalletConfig();
const { store, linkStore } = objectStoresFromConfig(config);

await runService({
  name: 'wallet',
  schema: 'wallet',
  config,
  migrations: [...migrations, uploadClaimsMigration],
  prepare: async ({ db, logger, events }) => {
    if (config.SEED_PLATFORM_WALLETS)
      await seedPlatformWallets(events, db, logger, config.SEED_PLATFORM_WALLETS);
  },
  rawBodyPaths: /^\/api\/uploads\//,
  routers: (deps) => {
    const wallet: WalletContext = { ...deps, store, linkStore };
    return [walletRoutes(wallet)];
  },
  subscriptions,
  background: async (deps) => serveCommands({ ...deps, store, linkStore }),
});
