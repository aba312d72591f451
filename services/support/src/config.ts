import { z } from '@cropvest/contracts';
import { BaseServiceConfig, loadConfig } from '@cropvest/service-kit/runtime';

export const SupportConfig = BaseServiceConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8105),
  /** Most tickets one user may open per hour; stops a script from flooding the desk. */
  TICKETS_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(20),
});
export type SupportConfig = z.infer<typeof SupportConfig>;

export const loadSupportConfig = () => loadConfig(SupportConfig);
