// The platform's processes, in start order. A new service adds one entry here.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Shared by every service that signs or checks upload tokens (wallet now; plans and KYC later). */
// Under test a fixed secret lets the suites mint expired and foreign tokens; otherwise a fresh one per launch.
const UPLOAD_TOKEN_SECRET =
  process.env.UPLOAD_TOKEN_SECRET ||
  (process.env.NODE_ENV === 'test'
    ? 'test-only-upload-token-secret-0123456789abcdef'
    : randomBytes(32).toString('hex'));

/**
 * The key of identity's stored TOTP secrets. Unlike the upload secret it must outlive a launch (the secrets in
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
    env: () => ({ UPLOAD_TOKEN_SECRET }),
  },
  {
    name: 'plans',
    entry: 'services/plans/src/main.ts',
    defaultPort: 8103,
    env: () => ({ UPLOAD_TOKEN_SECRET }),
  },
  { name: 'kyc', entry: 'services/kyc/src/main.ts', defaultPort: 8104, env: () => ({ UPLOAD_TOKEN_SECRET }) },
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
