import type { ServiceDeps } from '@cropvest/service-kit/runtime';
import type { ObjectStore } from '@cropvest/service-kit/uploads';
import type { WalletConfig } from '../config.ts';

/** What the wallet's use cases need: the service deps plus the object store for uploads and proof links. */
export interface WalletContext extends ServiceDeps<WalletConfig> {
  store: ObjectStore;
  /** Signs proof links for the address browsers reach (S3_PUBLIC_ENDPOINT, else the same store). */
  linkStore: ObjectStore;
}

export type { RequestMeta } from '@cropvest/service-kit/http';

export { inTransaction } from '@cropvest/service-kit/db';
