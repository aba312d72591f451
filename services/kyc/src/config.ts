import { z } from '@cropvest/contracts';
import { BaseServiceConfig, loadConfig } from '@cropvest/service-kit';
import { S3Config } from '@cropvest/service-kit/uploads';

export const KycConfig = BaseServiceConfig.extend(S3Config.shape).extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8104),
  /** HMAC secret of upload tokens, shared with the service that issues the tickets. */
  UPLOAD_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /** Lifetime of the links that show a document to an admin. */
  DOCUMENT_LINK_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
});
export type KycConfig = z.infer<typeof KycConfig>;

export const loadKycConfig = () => loadConfig(KycConfig);
