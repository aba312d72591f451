// The platform's processes, in start order. A new service adds one entry here.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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
  }) => Record<string, string>;
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
    env: () => ({ UPLOAD_TOKEN_SECRET: UPLOAD_TOKEN_SECRETS.wallet }),
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
    env: ({ urls }) => ({ PUBLIC_URL: urls.gateway as string }),
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
    }),
  },
];
