import { handlers } from '@cropvest/service-kit/operations';
import * as notifications from '../app/notifications.ts';
import type { NotifyContext } from '../app/context.ts';

/**
 * A signed-in user's notifications. Every lookup by id is limited to the caller's own and broadcasts. Paths, roles
 * and payloads come from the operations (packages/contracts/src/notify/api.ts).
 */
export const notificationRoutes = (notify: NotifyContext) =>
  handlers('notify', {
    myNotifications: ({ actor, query }) => notifications.myNotifications(notify, actor, query),
    unreadNotificationCount: ({ actor }) => notifications.myUnreadCount(notify, actor),
    markAllNotificationsRead: ({ actor }) => notifications.readAll(notify, actor),
    markNotificationRead: ({ actor, id }) => notifications.readOne(notify, actor, id),
  });
