import type { ServiceDeps } from '@cropvest/service-kit';
import type { SupportConfig } from '../config.ts';

export type SupportContext = ServiceDeps<SupportConfig>;

/** Who is asking, for audit rows and trace context. */
export interface RequestMeta {
  ip: string | null;
  traceparent: string | null;
}

export const SOURCE = 'support';
