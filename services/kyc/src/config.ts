import { z } from '@cropvest/contracts';
import { BaseServiceConfig, loadConfig } from '@cropvest/service-kit';

export const KycConfig = BaseServiceConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8104),
  /** S3-compatible store holding the private kyc-documents bucket. */
  S3_ENDPOINT: z.url({ message: 'must be the http(s) URL of the S3-compatible store' }),
  S3_ACCESS_KEY: z.string().min(1),
  S3_SECRET_KEY: z.string().min(1),
  S3_REGION: z.string().default('us-east-1'),
  /** The S3 address browsers reach, when it differs from S3_ENDPOINT (document links are signed for it). */
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  /** HMAC secret of upload tokens, shared with the service that issues the tickets. */
  UPLOAD_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /** Lifetime of the links that show a document to an admin. */
  DOCUMENT_LINK_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
});
export type KycConfig = z.infer<typeof KycConfig>;

export const loadKycConfig = () => loadConfig(KycConfig);
