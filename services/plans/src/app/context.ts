import type { ServiceDeps } from '@cropvest/service-kit/runtime';
import type { ObjectStore } from '@cropvest/service-kit/uploads';
import type { PlansConfig } from '../config.ts';

/**
 * What the plans service's use cases need: the service deps plus the object store for plan images and field-report
 * photos, and the store their short-lived links are signed with (the address browsers reach).
 */
export interface PlansContext extends ServiceDeps<PlansConfig> {
  store: ObjectStore;
  linkStore: ObjectStore;
}

export type { RequestMeta } from '@cropvest/service-kit/http';

export { inTransaction } from '@cropvest/service-kit/db';
