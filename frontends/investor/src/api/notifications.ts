// The investor's notification calls (spec section 7; decision 0120), each built from its operation in the
// contracts: one server page of their own and broadcasts, newest first, all or only the unread or read ones (total
// in X-Total-Count); marking one or all read; and the six mail switches, kept by notify (docs/decisions/0011),
// which mails by them. The live stream (web-kit's notification-stream, held by the layout) refreshes the list and
// writes the unread count.
import type {
  Notification,
  NotificationPreferences,
  NotificationPreferencesPatch,
  NotificationReadFilter,
  ReadAllResult,
} from '@cropvest/contracts/notify/model';
import { notificationOperations } from '@cropvest/contracts/browser-operations';
import type { PageQuery } from '@cropvest/contracts/common';
import { api, cacheTags, operationRequest, toPaged, type Paged } from '@cropvest/web-kit';
import { NOTIFICATION_LIST_TAG } from '@cropvest/web-kit/notification-stream';

export interface NotificationArgs extends PageQuery {
  status: NotificationReadFilter;
}

const notificationTags = cacheTags('Notifications');

export const notificationsApi = api
  .enhanceEndpoints({ addTagTypes: ['NotificationPreferences'] })
  .injectEndpoints({
    endpoints: (build) => ({
      myNotifications: build.query<Paged<Notification>, NotificationArgs>({
        query: (query) => operationRequest(notificationOperations.myNotifications, { query }),
        transformResponse: (items: Notification[], meta) => toPaged(items, meta),
        providesTags: notificationTags.page,
      }),
      markNotificationRead: build.mutation<Notification, string>({
        query: (id) => operationRequest(notificationOperations.markNotificationRead, { path: { id } }),
        // Every tab's pages and the unread count (badge, Updates button) change.
        invalidatesTags: ['Notifications'],
      }),
      markAllNotificationsRead: build.mutation<ReadAllResult, void>({
        query: () => operationRequest(notificationOperations.markAllNotificationsRead),
        invalidatesTags: [NOTIFICATION_LIST_TAG],
        // The answer carries the new count: the badge clears without another request.
        onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
          try {
            const { data } = await queryFulfilled;
            void dispatch(api.util.upsertQueryData('unreadCount', undefined, { count: data.count }));
          } catch {
            // The screen reports the failure; the count stays as it was.
          }
        },
      }),
      notificationPreferences: build.query<NotificationPreferences, void>({
        query: () => operationRequest(notificationOperations.notificationPreferences),
        providesTags: ['NotificationPreferences'],
      }),
      // A switch flips at once and flips back if the server refuses; the answer is the stored state.
      updateNotificationPreferences: build.mutation<NotificationPreferences, NotificationPreferencesPatch>({
        query: (body) => operationRequest(notificationOperations.updateNotificationPreferences, { body }),
        onQueryStarted: async (patch, { dispatch, queryFulfilled }) => {
          const optimistic = dispatch(
            notificationsApi.util.updateQueryData('notificationPreferences', undefined, (draft) => {
              Object.assign(draft, patch);
            }),
          );
          try {
            const { data } = await queryFulfilled;
            void dispatch(notificationsApi.util.upsertQueryData('notificationPreferences', undefined, data));
          } catch {
            optimistic.undo();
          }
        },
      }),
    }),
  });

export const {
  useMyNotificationsQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useNotificationPreferencesQuery,
  useUpdateNotificationPreferencesMutation,
} = notificationsApi;
