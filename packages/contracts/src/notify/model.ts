// Notifications (spec sections 3, 7 and 9): one user's own plus broadcasts, read state per user, the
// admin's Send Notification dialog, mail preferences, and the live stream's event shapes. The schemas; the types
// and the limits of a send are in notification-rules.ts.
import { z } from '../zod.ts';
import { AdminSearch, PageQuery, requiredTrimmedText, Timestamp, Uuid } from '../common.ts';
import {
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_RECIPIENTS_MAX,
  NOTIFICATION_TITLE_MAX,
  NOTIFICATION_TYPES,
} from './notification-rules.ts';

export const NotificationType = z.enum(NOTIFICATION_TYPES, {
  error: () => `Type must be one of: ${NOTIFICATION_TYPES.join(', ')}`,
});
export type NotificationType = z.infer<typeof NotificationType>;

/** A notification as its reader sees it; `userId` null means it was sent to everyone. */
export const Notification = z
  .object({
    id: Uuid,
    title: z.string(),
    message: z.string(),
    type: NotificationType,
    userId: Uuid.nullable(),
    isRead: z.boolean(),
    createdAt: Timestamp,
  })
  .openapi('Notification');
export type Notification = z.infer<typeof Notification>;
export const NotificationList = z.array(Notification).openapi('NotificationList');

/** The Notifications screen's tabs: everything, the unread ones, the read ones. */
export const NOTIFICATION_READ_FILTERS = ['all', 'unread', 'read'] as const;
export const NotificationReadFilter = z.enum(NOTIFICATION_READ_FILTERS, {
  error: () => `status must be one of: ${NOTIFICATION_READ_FILTERS.join(', ')}`,
});
export type NotificationReadFilter = z.infer<typeof NotificationReadFilter>;

export const NotificationListQuery = PageQuery.extend({ status: NotificationReadFilter.default('all') })
  .strict()
  .openapi('NotificationListQuery');
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

export const UnreadCount = z.object({ count: z.number().int().min(0) }).openapi('UnreadCount');
export type UnreadCount = z.infer<typeof UnreadCount>;

export const ReadAllResult = z
  .object({ marked: z.number().int().min(0), count: z.number().int().min(0) })
  .openapi('ReadAllResult');
export type ReadAllResult = z.infer<typeof ReadAllResult>;

/**
 * The admin's send: `userIds` null sends to everyone; otherwise a non-empty list of existing users. It is
 * required, so that a client that forgets it cannot reach every user by accident.
 */
export const SendNotificationRequest = z
  .object({
    title: requiredTrimmedText('Title', NOTIFICATION_TITLE_MAX),
    message: requiredTrimmedText('Message', NOTIFICATION_MESSAGE_MAX),
    type: NotificationType.default('general'),
    userIds: z
      .array(z.uuid({ message: 'userIds must hold valid user ids' }), {
        error: (issue: { input?: unknown }) =>
          issue.input === undefined
            ? 'userIds is required: null for everyone, or a list of user ids'
            : 'userIds must be null or a list of user ids',
      })
      .min(1, 'Please select at least one user')
      .max(
        NOTIFICATION_RECIPIENTS_MAX,
        `At most ${NOTIFICATION_RECIPIENTS_MAX} users per notification; send to everyone instead`,
      )
      .transform((ids) => [...new Set(ids)])
      .nullable(),
  })
  .strict()
  .openapi('SendNotificationRequest');
export type SendNotificationRequest = z.infer<typeof SendNotificationRequest>;

/** Most recipients of one send named in the history (the rest are counted). */
export const NOTIFICATION_RECIPIENTS_SHOWN = 5;

/** A user who can receive notifications, as notify knows them (its projection of identity's users). */
export const NotificationRecipient = z
  .object({ id: Uuid, name: z.string(), email: z.string() })
  .openapi('NotificationRecipient');
export type NotificationRecipient = z.infer<typeof NotificationRecipient>;
/** One page of GET /api/admin/notifications/recipients (the total in X-Total-Count). */
export const NotificationRecipientList = z.array(NotificationRecipient).openapi('NotificationRecipientList');

export const NotificationRecipientQuery = PageQuery.extend({
  /** Searched in the name and the email. */
  q: AdminSearch,
})
  .strict()
  .openapi('NotificationRecipientQuery');
export type NotificationRecipientQuery = z.infer<typeof NotificationRecipientQuery>;

/** One admin send, as the admin's history lists it. */
export const AdminNotification = z
  .object({
    id: Uuid,
    title: z.string(),
    message: z.string(),
    type: NotificationType,
    /** null: everyone. */
    userIds: z.array(Uuid).nullable(),
    /** How many users it was sent to; null for everyone (a broadcast also reaches users who join later). */
    recipientCount: z.number().int().min(0).nullable(),
    /** The first recipients by name (at most NOTIFICATION_RECIPIENTS_SHOWN); empty for everyone. */
    recipients: z.array(NotificationRecipient),
    /** How many recipients have read it so far. */
    readCount: z.number().int().min(0),
    createdBy: Uuid,
    createdAt: Timestamp,
  })
  .openapi('AdminNotification');
export type AdminNotification = z.infer<typeof AdminNotification>;
/** One page of GET /api/admin/notifications (the total of all matching sends in X-Total-Count). */
export const AdminNotificationList = z.array(AdminNotification).openapi('AdminNotificationList');

export const AdminNotificationTypeFilter = z.enum(['all', ...NOTIFICATION_TYPES], {
  error: () => `type must be one of: all, ${NOTIFICATION_TYPES.join(', ')}`,
});
export type AdminNotificationTypeFilter = z.infer<typeof AdminNotificationTypeFilter>;
/** `-createdAt` newest first (the default), `createdAt` oldest first, `title` / `-title`. */
export const AdminNotificationSort = z.enum(['-createdAt', 'createdAt', 'title', '-title'], {
  error: () => 'sort must be one of: -createdAt, createdAt, title, -title',
});
export type AdminNotificationSort = z.infer<typeof AdminNotificationSort>;

export const AdminNotificationQuery = PageQuery.extend({
  /** Searched in the title and the message. */
  q: AdminSearch,
  type: AdminNotificationTypeFilter.default('all'),
  sort: AdminNotificationSort.default('-createdAt'),
})
  .strict()
  .openapi('AdminNotificationQuery');
export type AdminNotificationQuery = z.infer<typeof AdminNotificationQuery>;

export const AdminNotificationCountsQuery = z
  .object({ q: AdminSearch })
  .strict()
  .openapi('AdminNotificationCountsQuery');
export type AdminNotificationCountsQuery = z.infer<typeof AdminNotificationCountsQuery>;

/** How many sends matching the search are of each type (the screen's per-type counters). */
export const AdminNotificationCounts = z
  .object({
    all: z.number().int(),
    general: z.number().int(),
    deposit: z.number().int(),
    withdrawal: z.number().int(),
    investment: z.number().int(),
    security: z.number().int(),
  })
  .openapi('AdminNotificationCounts');
export type AdminNotificationCounts = z.infer<typeof AdminNotificationCounts>;

/**
 * The Notifications tab of Profile and Settings, kept by the server so mail follows it. `email` is the
 * master switch for mail; the others choose which kinds are mailed. `push` and `weekly` are stored for
 * the screen; nothing sends pushes to devices or weekly summaries yet.
 */
export const NotificationPreferences = z
  .object({
    email: z.boolean(),
    push: z.boolean(),
    investment: z.boolean(),
    deposits: z.boolean(),
    harvests: z.boolean(),
    weekly: z.boolean(),
  })
  .openapi('NotificationPreferences');
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/** The spec's defaults for the local-only flags (section 3). */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  email: true,
  push: false,
  investment: true,
  deposits: true,
  harvests: true,
  weekly: false,
};

export const NotificationPreferencesPatch = NotificationPreferences.partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Nothing to update' })
  .openapi('NotificationPreferencesPatch');
export type NotificationPreferencesPatch = z.infer<typeof NotificationPreferencesPatch>;

export {
  LIVE_TOPICS,
  NOTIFICATION_STREAM_EVENTS,
  type LiveChange,
  type LiveTopic,
} from './notification-stream.ts';
