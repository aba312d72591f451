import { operationRoutes } from '@cropvest/service-kit/operations';
import type { NotifyContext } from '../app/context.ts';
import { notificationRoutes } from './notification-routes.ts';
import { preferenceRoutes } from './preference-routes.ts';
import { sendRoutes } from './send-routes.ts';
import { streamRoutes } from './stream-routes.ts';

/** Every operation notify answers, one handler each (the kit refuses a missing or doubled one). */
export const notifyRoutes = (notify: NotifyContext) =>
  operationRoutes('notify', notify.verifier, [
    notificationRoutes(notify),
    streamRoutes(notify),
    preferenceRoutes(notify),
    sendRoutes(notify),
  ]);
