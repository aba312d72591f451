import { z } from '@cropvest/contracts';
import { BaseServiceConfig, loadConfig } from '@cropvest/service-kit';

export const WalletConfig = BaseServiceConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8102),
  /** S3-compatible store (MinIO; the local S3 server in dev and tests). */
  S3_ENDPOINT: z.url({ message: 'must be the http(s) URL of the S3-compatible store' }),
  S3_ACCESS_KEY: z.string().min(1),
  S3_SECRET_KEY: z.string().min(1),
  S3_REGION: z.string().default('us-east-1'),
  /** The S3 address browsers reach, when it differs from S3_ENDPOINT (proof links are signed for it). */
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  /** HMAC secret of upload tokens; every service that serves an upload bucket shares it. */
  UPLOAD_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters'),
  UPLOAD_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(600),
  /** Lifetime of the links that show a deposit proof to its owner or an admin. */
  PROOF_LINK_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
});
export type WalletConfig = z.infer<typeof WalletConfig>;

export const loadWalletConfig = () => loadConfig(WalletConfig);
