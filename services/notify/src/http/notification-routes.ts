import Router from '@koa/router';
import { decodeJwt } from 'jose';
import { NotificationListQuery, NotificationPreferencesPatch } from '@cropvest/contracts';
import { authenticate, bearerToken, currentUser, pageRoute, route } from '@cropvest/service-kit';
import * as notifications from '../app/notifications.ts';
import type { NotifyContext } from '../app/context.ts';

/** A signed-in user's notifications. Every lookup by id is limited to the caller's own and broadcasts. */
export function notificationRoutes(notify: NotifyContext): Router {
  const router = new Router({ prefix: '/api/notifications' });
  router.use(authenticate(notify.verifier));

  router.get(
    '/',
    pageRoute({ query: NotificationListQuery }, ({ actor, query }) =>
      notifications.myNotifications(notify, actor, query),
    ),
  );
  router.get(
    '/unread-count',
    route({}, ({ actor }) => notifications.myUnreadCount(notify, actor)),
  );
  router.put(
    '/read-all',
    route({}, ({ actor }) => notifications.readAll(notify, actor)),
  );
  router.put(
    '/:id/read',
    route({}, ({ actor, id }) => notifications.readOne(notify, actor, id)),
  );
  router.get(
    '/preferences',
    route({}, ({ actor }) => notifications.myPreferences(notify, actor)),
  );
  router.put(
    '/preferences',
    route({ body: NotificationPreferencesPatch }, ({ actor, body }) =>
      notifications.changePreferences(notify, actor, body),
    ),
  );

  // Server-sent events. The token was verified by `authenticate`; the stream ends when it expires, and the
  // client reconnects with a fresh one (browsers: fetch with the Authorization header, not EventSource).
  router.get('/stream', async (ctx) => {
    const user = currentUser(ctx.state);
    const expiresAt = (decodeJwt(bearerToken(ctx.get('authorization')) as string).exp ?? 0) * 1000;
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    ctx.req.socket.setKeepAlive(true);
    ctx.set('Cache-Control', 'no-cache, no-transform');
    ctx.set('X-Accel-Buffering', 'no');
    ctx.type = 'text/event-stream; charset=utf-8';
    ctx.status = 200;
    ctx.body = notify.hub.open(user.id, user.role, expiresAt);
  });
  return router;
}
