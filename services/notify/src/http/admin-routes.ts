import Router from '@koa/router';
import {
  AdminNotificationCountsQuery,
  AdminNotificationQuery,
  NotificationRecipientQuery,
  SendNotificationRequest,
} from '@cropvest/contracts';
import { authenticate, pageRoute, requireRole, route } from '@cropvest/service-kit';
import * as notifications from '../app/notifications.ts';
import type { NotifyContext } from '../app/context.ts';

/** The admin's sends; the role is checked here again even though the gateway checked it first. */
export function adminRoutes(notify: NotifyContext): Router {
  const router = new Router({ prefix: '/api/admin/notifications' });
  router.use(authenticate(notify.verifier), requireRole('admin'));

  router.get(
    '/',
    pageRoute({ query: AdminNotificationQuery }, ({ query }) => notifications.adminSends(notify, query)),
  );
  router.get(
    '/counts',
    route({ query: AdminNotificationCountsQuery }, ({ query }) =>
      notifications.adminSendCounts(notify, query.q),
    ),
  );
  router.get(
    '/recipients',
    pageRoute({ query: NotificationRecipientQuery }, ({ query }) => notifications.recipients(notify, query)),
  );
  router.post(
    '/',
    route({ body: SendNotificationRequest, status: 201 }, ({ actor, body, meta }) =>
      notifications.send(notify, actor, body, meta),
    ),
  );
  return router;
}
