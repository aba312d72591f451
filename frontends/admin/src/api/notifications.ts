// The admin's notification calls (spec section 7; decision 0120), each built from its operation in the contracts:
// Send Notifications' and Notification History's one server page of the sends with their recipients and read
// counts (total in X-Total-Count), the counts per type, the send, and the recipient picker's paged search of users.
import { notificationOperations } from '@cropvest/contracts/browser-operations';
import type {
  AdminNotification,
  AdminNotificationCounts,
  AdminNotificationSort,
  AdminNotificationTypeFilter,
  NotificationRecipient,
  SendNotificationRequest,
} from '@cropvest/contracts/notify/model';
import { api, cacheTags, operationRequest, toPaged, type Paged } from '@cropvest/web-kit';

export interface SendListArgs {
  page: number;
  pageSize: number;
  q?: string;
  type?: AdminNotificationTypeFilter;
  sort?: AdminNotificationSort;
}

const sendTags = cacheTags('AdminNotifications');

export const adminNotificationsApi = api
  .enhanceEndpoints({ addTagTypes: ['AdminNotifications'] })
  .injectEndpoints({
    endpoints: (build) => ({
      adminSends: build.query<Paged<AdminNotification>, SendListArgs>({
        query: (query) => operationRequest(notificationOperations.adminNotifications, { query }),
        transformResponse: (items: AdminNotification[], meta) => toPaged(items, meta),
        providesTags: [sendTags.list],
      }),
      adminSendCounts: build.query<AdminNotificationCounts, { q?: string }>({
        query: ({ q }) => operationRequest(notificationOperations.adminNotificationCounts, { query: { q } }),
        providesTags: [sendTags.list],
      }),
      /** Users by name; never cached for long, since new users keep arriving. */
      notificationRecipients: build.query<
        Paged<NotificationRecipient>,
        { q?: string; page: number; pageSize: number }
      >({
        query: (query) => operationRequest(notificationOperations.notificationRecipients, { query }),
        transformResponse: (items: NotificationRecipient[], meta) => toPaged(items, meta),
        keepUnusedDataFor: 30,
      }),
      sendNotification: build.mutation<AdminNotification, SendNotificationRequest>({
        query: (body) => operationRequest(notificationOperations.sendNotification, { body }),
        invalidatesTags: [sendTags.list, 'Notifications'],
      }),
    }),
  });

export const {
  useAdminSendsQuery,
  useAdminSendCountsQuery,
  useNotificationRecipientsQuery,
  useSendNotificationMutation,
} = adminNotificationsApi;
