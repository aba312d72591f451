// The notify service's operations: a user's notifications and their read state, the live stream, mail
// preferences, and the admin's sends.
import { z } from '../zod.ts';
import { ownedBy } from '../api-operation.ts';
import {
  AdminNotification,
  AdminNotificationCounts,
  AdminNotificationCountsQuery,
  AdminNotificationList,
  AdminNotificationQuery,
  Notification,
  NotificationList,
  NotificationListQuery,
  NotificationPreferences,
  NotificationPreferencesPatch,
  NotificationRecipientList,
  NotificationRecipientQuery,
  ReadAllResult,
  SendNotificationRequest,
  UnreadCount,
} from './model.ts';

const EventStream = z.string().openapi({
  description:
    'text/event-stream: `unread-count` events (UnreadCount) on open and on every change, `notification` events (Notification) as they arrive, `changed` events ({ topics }: what to read again) when another person changed what your screens show',
});

export const notificationOperations = ownedBy('notify', {
  myNotifications: {
    method: 'get',
    path: '/api/notifications',
    summary:
      'My notifications and broadcasts, newest first, all or only the unread or read ones, one page (total in X-Total-Count)',
    tag: 'Notifications',
    auth: 'user',
    query: NotificationListQuery,
    paged: true,
    response: NotificationList,
  },
  unreadNotificationCount: {
    method: 'get',
    path: '/api/notifications/unread-count',
    summary: 'How many are unread',
    tag: 'Notifications',
    auth: 'user',
    response: UnreadCount,
  },
  markNotificationRead: {
    method: 'put',
    path: '/api/notifications/{id}/read',
    summary: 'Mark one as read (for me only, also for a broadcast)',
    tag: 'Notifications',
    auth: 'user',
    response: Notification,
  },
  markAllNotificationsRead: {
    method: 'put',
    path: '/api/notifications/read-all',
    summary: 'Mark all as read',
    tag: 'Notifications',
    auth: 'user',
    response: ReadAllResult,
  },
  notificationStream: {
    method: 'get',
    path: '/api/notifications/stream',
    summary:
      'Live stream of new notifications, the unread count and what changed on your screens (server-sent events)',
    tag: 'Notifications',
    auth: 'user',
    response: EventStream,
  },
  notificationPreferences: {
    method: 'get',
    path: '/api/notifications/preferences',
    summary: 'Which notifications are also mailed to me',
    tag: 'Notifications',
    auth: 'user',
    response: NotificationPreferences,
  },
  updateNotificationPreferences: {
    method: 'put',
    path: '/api/notifications/preferences',
    summary: 'Change which notifications are mailed to me',
    tag: 'Notifications',
    auth: 'user',
    body: NotificationPreferencesPatch,
    response: NotificationPreferences,
  },
  adminNotifications: {
    method: 'get',
    path: '/api/admin/notifications',
    summary:
      'Notifications admins sent with their recipients and read counts, one page (total in X-Total-Count): q searches the title and message; filtered by type; sorted (newest first by default)',
    tag: 'Admin: notifications',
    auth: 'admin',
    query: AdminNotificationQuery,
    paged: true,
    response: AdminNotificationList,
  },
  adminNotificationCounts: {
    method: 'get',
    path: '/api/admin/notifications/counts',
    summary: 'How many sends matching q are of each type',
    tag: 'Admin: notifications',
    auth: 'admin',
    query: AdminNotificationCountsQuery,
    response: AdminNotificationCounts,
  },
  notificationRecipients: {
    method: 'get',
    path: '/api/admin/notifications/recipients',
    summary:
      'Users a notification can be sent to, by name, one page (total in X-Total-Count): q searches the name and email',
    tag: 'Admin: notifications',
    auth: 'admin',
    query: NotificationRecipientQuery,
    paged: true,
    response: NotificationRecipientList,
  },
  sendNotification: {
    method: 'post',
    path: '/api/admin/notifications',
    summary: 'Send a notification to everyone or to chosen users',
    tag: 'Admin: notifications',
    auth: 'admin',
    body: SendNotificationRequest,
    response: AdminNotification,
    status: 201,
  },
});
