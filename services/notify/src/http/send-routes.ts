import { handlers } from '@cropvest/service-kit/operations';
import * as notifications from '../app/notifications.ts';
import type { NotifyContext } from '../app/context.ts';

/** The admin's sends (to everyone or to chosen users), their list with read counts, and who can be chosen. */
export const sendRoutes = (notify: NotifyContext) =>
  handlers('notify', {
    adminNotifications: ({ query }) => notifications.adminSends(notify, query),
    adminNotificationCounts: ({ query }) => notifications.adminSendCounts(notify, query.q),
    notificationRecipients: ({ query }) => notifications.recipients(notify, query),
    sendNotification: ({ actor, body, meta }) => notifications.send(notify, actor, body, meta),
  });
