import type { ServiceDeps } from '@cropvest/service-kit';
import type { ObjectStore } from '@cropvest/service-kit/uploads';
import type { KycConfig } from '../config.ts';

/** What KYC's use cases need: the service deps plus the object store for documents and their links. */
export interface KycContext extends ServiceDeps<KycConfig> {
  store: ObjectStore;
  /** Signs document links for the address browsers reach (S3_PUBLIC_ENDPOINT, else the same store). */
  linkStore: ObjectStore;
}

/** Who is asking, for audit rows and trace context. */
export interface RequestMeta {
  ip: string | null;
  traceparent: string | null;
}

export const SOURCE = 'kyc';
