import Router from '@koa/router';
import {
  AdminNotificationCountsQuery,
  AdminNotificationQuery,
  NotificationRecipientQuery,
  SendNotificationRequest,
} from '@cropvest/contracts';
import {
  authenticate,
  currentUser,
  parseInput,
  requireRole,
  requestMeta,
  sendPage,
} from '@cropvest/service-kit';
import * as notifications from '../app/notifications.ts';
import type { NotifyContext } from '../app/context.ts';

/** The admin's sends; the role is checked here again even though the gateway checked it first. */
export function adminRoutes(notify: NotifyContext): Router {
  const router = new Router({ prefix: '/api/admin/notifications' });
  router.use(authenticate(notify.verifier), requireRole('admin'));

  router.get('/', async (ctx) => {
    sendPage(ctx, await notifications.adminSends(notify, parseInput(AdminNotificationQuery, ctx.query)));
  });
  router.get('/counts', async (ctx) => {
    ctx.body = await notifications.adminSendCounts(
      notify,
      parseInput(AdminNotificationCountsQuery, ctx.query).q,
    );
  });
  router.get('/recipients', async (ctx) => {
    sendPage(ctx, await notifications.recipients(notify, parseInput(NotificationRecipientQuery, ctx.query)));
  });
  router.post('/', async (ctx) => {
    const sent = await notifications.send(
      notify,
      currentUser(ctx.state),
      parseInput(SendNotificationRequest, ctx.request.body),
      requestMeta(ctx),
    );
    ctx.status = 201;
    ctx.body = sent;
  });
  return router;
}
