// The platform's processes, in start order. A new service adds one entry here.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LocalChainsSummary } from '../chain/client.ts';

/** Under test, each bucket owner's fixed upload token secret, so the suites can mint expired and foreign tokens. */
export const TEST_UPLOAD_TOKEN_SECRETS = {
  wallet: 'test-only-wallet-upload-token-secret-0123456789',
  plans: 'test-only-plans-upload-token-secret-0123456789',
  kyc: 'test-only-kyc-upload-token-secret-0123456789ab',
} as const;

/**
 * Each bucket owner signs its own upload tokens with its own secret (docs/decisions/0002-uploads.md):
 * `<SERVICE>_UPLOAD_TOKEN_SECRET` when set, the fixed test one under NODE_ENV=test, else a fresh one per launch.
 */
function uploadTokenSecret(service: keyof typeof TEST_UPLOAD_TOKEN_SECRETS): string {
  const configured = process.env[`${service.toUpperCase()}_UPLOAD_TOKEN_SECRET`];
  if (configured) return configured;
  return process.env.NODE_ENV === 'test'
    ? TEST_UPLOAD_TOKEN_SECRETS[service]
    : randomBytes(32).toString('hex');
}
/** Made once per launch: every replica of a service checks the tokens any of them signed. */
const UPLOAD_TOKEN_SECRETS = {
  wallet: uploadTokenSecret('wallet'),
  plans: uploadTokenSecret('plans'),
  kyc: uploadTokenSecret('kyc'),
};

/**
 * The key of identity's stored TOTP secrets. Unlike the upload secrets it must outlive a launch (the secrets in
 * the database stay), so a generated one is kept in DATA_DIR beside the database it protects.
 */
function totpEncryptionKey(dataDir: string): string {
  if (process.env.TOTP_ENCRYPTION_KEY) return process.env.TOTP_ENCRYPTION_KEY;
  const file = path.join(dataDir, 'totp-encryption.key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

export interface ServiceSpec {
  name: string;
  entry: string;
  /** Port when STACK_PORTS is not `auto`. */
  defaultPort: number;
  /**
   * Environment beyond the shared one (DATABASE_URL, NATS_URL, JWKS_URL, S3_*, LOG_LEVEL, NODE_ENV). With
   * STACK_REPLICAS a service's entry in `urls` lists every replica, comma-separated.
   */
  env: (ctx: {
    ports: Record<string, number>;
    urls: Record<string, string>;
    dataDir: string;
    /** The local chains (decision 0083), when the launcher started them instead of using configured endpoints. */
    localChains?: LocalChainsSummary;
  }) => Record<string, string>;
}

/**
 * The chain service pointed at the local chains: their endpoints and contracts, finality as fast as they make
 * blocks (one a second), no explorer, and a fresh chain's rewound head followed instead of reported.
 */
function localChainSettings(chains: LocalChainsSummary): Record<string, string> {
  const { TRC20, ERC20, BEP20 } = chains.networks;
  const evm = (name: 'ERC20' | 'BEP20', network: typeof ERC20) => ({
    [`CHAIN_${name}_ENDPOINT`]: network.endpoint,
    [`CHAIN_${name}_USDT_CONTRACT`]: network.usdtContract,
    [`CHAIN_${name}_DECIMALS`]: String(network.decimals),
    [`CHAIN_${name}_CONFIRMATIONS`]: String(network.confirmationsHint),
    [`CHAIN_${name}_BLOCK_SECONDS`]: '1',
    [`CHAIN_${name}_EXPLORER_TX_URL`]: '',
    [`CHAIN_${name}_EXPLORER_ADDRESS_URL`]: '',
  });
  return {
    CHAIN_TRC20_ENDPOINT: TRC20.endpoint,
    CHAIN_TRC20_USDT_CONTRACT: TRC20.usdtContract,
    CHAIN_TRC20_DECIMALS: String(TRC20.decimals),
    CHAIN_TRC20_CONFIRMATIONS: String(TRC20.solidifyBlocks),
    CHAIN_TRC20_BLOCK_SECONDS: '1',
    CHAIN_TRC20_EXPLORER_TX_URL: '',
    CHAIN_TRC20_EXPLORER_ADDRESS_URL: '',
    ...(TRC20.apiKey ? { CHAIN_TRC20_API_KEY: TRC20.apiKey } : {}),
    ...evm('ERC20', ERC20),
    ...evm('BEP20', BEP20),
    CHAIN_RESET_ON_REWIND: 'true',
    CHAIN_RECHECK_MS: process.env.CHAIN_RECHECK_MS ?? '1000',
    CHAIN_SCAN_INTERVAL_MS: process.env.CHAIN_SCAN_INTERVAL_MS ?? '2000',
  };
}

export const SERVICES: ServiceSpec[] = [
  {
    name: 'identity',
    entry: 'services/identity/src/main.ts',
    defaultPort: 8101,
    env: ({ dataDir }) => ({ TOTP_ENCRYPTION_KEY: totpEncryptionKey(dataDir) }),
  },
  {
    name: 'wallet',
    entry: 'services/wallet/src/main.ts',
    defaultPort: 8102,
    env: ({ localChains }) => ({
      UPLOAD_TOKEN_SECRET: UPLOAD_TOKEN_SECRETS.wallet,
      // The local chains' platform addresses as the wallets of networks that have none (decision 0083).
      ...(localChains
        ? {
            SEED_PLATFORM_WALLETS: JSON.stringify({
              TRC20: localChains.networks.TRC20.platformAddress,
              ERC20: localChains.networks.ERC20.platformAddress,
              BEP20: localChains.networks.BEP20.platformAddress,
            }),
          }
        : {}),
    }),
  },
  {
    name: 'plans',
    entry: 'services/plans/src/main.ts',
    defaultPort: 8103,
    env: () => ({ UPLOAD_TOKEN_SECRET: UPLOAD_TOKEN_SECRETS.plans }),
  },
  {
    name: 'kyc',
    entry: 'services/kyc/src/main.ts',
    defaultPort: 8104,
    env: () => ({ UPLOAD_TOKEN_SECRET: UPLOAD_TOKEN_SECRETS.kyc }),
  },
  { name: 'support', entry: 'services/support/src/main.ts', defaultPort: 8105, env: () => ({}) },
  {
    name: 'notify',
    entry: 'services/notify/src/main.ts',
    defaultPort: 8106,
    // The first gateway's address (with STACK_REPLICAS the entry lists every gateway).
    env: ({ urls }) => ({ PUBLIC_URL: (urls.gateway as string).split(',')[0] as string }),
  },
  {
    name: 'chain',
    entry: 'services/chain/src/main.ts',
    defaultPort: 8107,
    env: ({ localChains }) => ({
      ...(localChains ? localChainSettings(localChains) : {}),
      // The old space V8 gives it in its 512 MiB pod (k8s/base: a quarter of the memory): building the daily proof
      // makes garbage fast, and V8 sized for this machine's memory would let it grow to several times the live heap
      // before collecting.
      NODE_OPTIONS: [process.env.NODE_OPTIONS, '--max-old-space-size=128'].filter(Boolean).join(' '),
    }),
  },
  {
    name: 'gateway',
    entry: 'gateway/src/main.ts',
    defaultPort: 8080,
    env: ({ urls }) => ({
      IDENTITY_URL: urls.identity as string,
      SUPPORT_URL: urls.support as string,
      KYC_URL: urls.kyc as string,
      NOTIFY_URL: urls.notify as string,
      WALLET_URL: urls.wallet as string,
      PLANS_URL: urls.plans as string,
      CHAIN_URL: urls.chain as string,
    }),
  },
];
