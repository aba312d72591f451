import { z } from '@cropvest/contracts';
import { BaseServiceConfig, loadConfig } from '@cropvest/service-kit';
import { S3Config, UploadTokenConfig } from '@cropvest/service-kit/uploads';

export const WalletConfig = BaseServiceConfig.extend(S3Config.shape)
  .extend(UploadTokenConfig.shape)
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(8102),
    /** Lifetime of the links that show a deposit proof to its owner or an admin. */
    PROOF_LINK_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  });
export type WalletConfig = z.infer<typeof WalletConfig>;

export const loadWalletConfig = () => loadConfig(WalletConfig);
