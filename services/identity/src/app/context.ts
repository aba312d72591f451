import type { ServiceDeps } from '@cropvest/service-kit/runtime';
import type { IdentityConfig } from '../config.ts';
import type { SigningKey } from '../db/keys.ts';

/** What signs access tokens: the current key and how long a token lives. */
export interface SessionIssuer {
  key: SigningKey;
  accessTokenTtlSeconds: number;
}

/** What identity's use cases need: the service deps plus the token issuer. */
export interface IdentityContext extends ServiceDeps<IdentityConfig> {
  issuer: SessionIssuer;
}

export type { RequestMeta } from '@cropvest/service-kit/http';
