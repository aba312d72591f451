import { z } from '@cropvest/contracts';
import { BaseServiceConfig, loadConfig } from '@cropvest/service-kit/runtime';
import { S3Config, UploadTokenConfig } from '@cropvest/service-kit/uploads';
import cron from 'node-cron';

export const PlansConfig = BaseServiceConfig.extend(S3Config.shape)
  .extend(UploadTokenConfig.shape)
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(8103),
    /** When the daily accrual and harvest run (cron syntax, evaluated in ACCRUAL_TIMEZONE). */
    ACCRUAL_CRON: z
      .string()
      .default('5 0 * * *')
      .refine((v) => cron.validate(v), 'must be a cron expression such as "5 0 * * *"'),
    ACCRUAL_TIMEZONE: z.string().default('UTC'),
    /** How long the wallet has to answer a debit before the purchase is left to the sweeper. */
    DEBIT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    /** How long a purchase in flight owns its pending investment; after that the sweeper may settle it. */
    PENDING_LEASE_MS: z.coerce.number().int().min(1000).default(15_000),
    /** How often the sweeper looks for pending investments whose lease ran out. */
    SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(2000),
    /** How long a field-report photo's signed link works (the timeline hands out new ones on every read). */
    PHOTO_LINK_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(600),
  })
  .refine((c) => c.PENDING_LEASE_MS > c.DEBIT_TIMEOUT_MS * 2, {
    message: 'PENDING_LEASE_MS must be more than twice DEBIT_TIMEOUT_MS',
    path: ['PENDING_LEASE_MS'],
  });
export type PlansConfig = z.infer<typeof PlansConfig>;

export const loadPlansConfig = () => loadConfig(PlansConfig);
