import { handlers } from '@cropvest/service-kit/operations';
import * as notifications from '../app/notifications.ts';
import type { NotifyContext } from '../app/context.ts';

/** A signed-in user's choice of which notifications also come by mail. */
export const preferenceRoutes = (notify: NotifyContext) =>
  handlers('notify', {
    notificationPreferences: ({ actor }) => notifications.myPreferences(notify, actor),
    updateNotificationPreferences: ({ actor, body }) => notifications.changePreferences(notify, actor, body),
  });
