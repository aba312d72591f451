// Send Notifications' and Notification History's calls (spec section 7): one server page of the sends with their
// recipients and read counts (total in X-Total-Count), the counts per type, the send, and the recipient
// picker's paged search of users.
import type {
  AdminNotification,
  AdminNotificationCounts,
  AdminNotificationSort,
  AdminNotificationTypeFilter,
  NotificationRecipient,
  SendNotificationRequest,
} from '@cropvest/contracts/notifications';
import { api, toPaged, type Paged } from '@cropvest/web-kit';

export interface SendListArgs {
  page: number;
  pageSize: number;
  q?: string;
  type?: AdminNotificationTypeFilter;
  sort?: AdminNotificationSort;
}

const SENDS = { type: 'AdminNotifications' as const, id: 'LIST' };

export const adminNotificationsApi = api
  .enhanceEndpoints({ addTagTypes: ['AdminNotifications'] })
  .injectEndpoints({
    endpoints: (build) => ({
      adminSends: build.query<Paged<AdminNotification>, SendListArgs>({
        query: (args) => ({ url: 'admin/notifications', params: { ...args } }),
        transformResponse: (items: AdminNotification[], meta) => toPaged(items, meta),
        providesTags: [SENDS],
      }),
      adminSendCounts: build.query<AdminNotificationCounts, { q?: string }>({
        query: ({ q }) => ({ url: 'admin/notifications/counts', params: { q } }),
        providesTags: [SENDS],
      }),
      /** Users by name; never cached for long, since new users keep arriving. */
      notificationRecipients: build.query<
        Paged<NotificationRecipient>,
        { q?: string; page: number; pageSize: number }
      >({
        query: (args) => ({ url: 'admin/notifications/recipients', params: { ...args } }),
        transformResponse: (items: NotificationRecipient[], meta) => toPaged(items, meta),
        keepUnusedDataFor: 30,
      }),
      sendNotification: build.mutation<AdminNotification, SendNotificationRequest>({
        query: (body) => ({ url: 'admin/notifications', method: 'POST', body }),
        invalidatesTags: [SENDS, 'Notifications'],
      }),
    }),
  });

export const {
  useAdminSendsQuery,
  useAdminSendCountsQuery,
  useNotificationRecipientsQuery,
  useSendNotificationMutation,
} = adminNotificationsApi;
