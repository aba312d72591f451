import type { ServiceDeps } from '@cropvest/service-kit/runtime';
import type { ObjectStore } from '@cropvest/service-kit/uploads';
import type { KycConfig } from '../config.ts';

/** What KYC's use cases need: the service deps plus the object store for documents and their links. */
export interface KycContext extends ServiceDeps<KycConfig> {
  store: ObjectStore;
  /** Signs document links for the address browsers reach (S3_PUBLIC_ENDPOINT, else the same store). */
  linkStore: ObjectStore;
}

export type { RequestMeta } from '@cropvest/service-kit/http';
