import type { ServiceDeps } from '@cropvest/service-kit/runtime';
import type { SupportConfig } from '../config.ts';

export type SupportContext = ServiceDeps<SupportConfig>;

export type { RequestMeta } from '@cropvest/service-kit/http';
