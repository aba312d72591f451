import type { ServiceDeps } from '@cropvest/service-kit';
import type { IdentityConfig } from '../config.ts';
import type { SessionIssuer } from './sessions.ts';

/** What identity's use cases need: the service deps plus the token issuer. */
export interface IdentityContext extends ServiceDeps<IdentityConfig> {
  issuer: SessionIssuer;
}

export type { RequestMeta } from '@cropvest/service-kit';

export const SOURCE = 'identity';
