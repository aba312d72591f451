import { z } from '@cropvest/contracts';
import { BaseServiceConfig, loadConfig } from '@cropvest/service-kit/runtime';
import { S3Config, UploadTokenConfig } from '@cropvest/service-kit/uploads';

export const KycConfig = BaseServiceConfig.extend(S3Config.shape)
  .extend(UploadTokenConfig.shape)
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(8104),
    /** Lifetime of the links that show a document to an admin. */
    DOCUMENT_LINK_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
  });
export type KycConfig = z.infer<typeof KycConfig>;

export const loadKycConfig = () => loadConfig(KycConfig);
