import type { ServiceDeps } from '@cropvest/service-kit/runtime';
import type { NotifyConfig } from '../config.ts';
import type { MailRelay } from '../mail/relay.ts';
import type { PushHub } from '../push/hub.ts';

/** What notify's use cases need: the service deps, the live-stream hub and the mail relay. */
export interface NotifyContext extends ServiceDeps<NotifyConfig> {
  hub: PushHub;
  mail: MailRelay;
}

export type { RequestMeta } from '@cropvest/service-kit/http';
