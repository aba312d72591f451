import { NetworkType, z } from '@cropvest/contracts';
import { BaseServiceConfig, loadConfig } from '@cropvest/service-kit/runtime';
import { S3Config, UploadTokenConfig } from '@cropvest/service-kit/uploads';

export const WalletConfig = BaseServiceConfig.extend(S3Config.shape)
  .extend(UploadTokenConfig.shape)
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(8102),
    /** Lifetime of the links that show a deposit proof to its owner or an admin. */
    PROOF_LINK_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
    /**
     * Development and tests only (`npm start` sets it from the local chains): JSON of network → address, made the
     * platform's wallet on each network that has none.
     */
    SEED_PLATFORM_WALLETS: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (!value) return undefined;
        let json: unknown;
        try {
          json = JSON.parse(value);
        } catch {
          json = null;
        }
        const parsed = z.partialRecord(NetworkType, z.string()).safeParse(json);
        if (parsed.success) return parsed.data;
        ctx.addIssue({ code: 'custom', message: 'must be JSON such as {"TRC20": "T…", "ERC20": "0x…"}' });
        return z.NEVER;
      }),
  });
export type WalletConfig = z.infer<typeof WalletConfig>;

export const loadWalletConfig = () => loadConfig(WalletConfig);
