// The investor's notifications (spec section 7): one server page of their own and broadcasts, newest first,
// all or only the unread or read ones (total in X-Total-Count); marking one or all read. The live stream
// (web-kit's notification-stream, held by the layout) refreshes the list and writes the unread count.
import type { Notification, NotificationReadFilter, ReadAllResult } from '@cropvest/contracts/notifications';
import { api, toPaged, type Paged } from '@cropvest/web-kit';
import { NOTIFICATION_LIST_TAG } from '@cropvest/web-kit/notification-stream';

export interface NotificationArgs {
  status: NotificationReadFilter;
  page: number;
  pageSize: number;
}

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    myNotifications: build.query<Paged<Notification>, NotificationArgs>({
      query: (params) => ({ url: 'notifications', params: { ...params } }),
      transformResponse: (items: Notification[], meta) => toPaged(items, meta),
      providesTags: (result) => [
        ...(result?.items ?? []).map((item) => ({ type: 'Notifications' as const, id: item.id })),
        NOTIFICATION_LIST_TAG,
      ],
    }),
    markNotificationRead: build.mutation<Notification, string>({
      query: (id) => ({ url: ['notifications', id, 'read'], method: 'PUT' }),
      // Every tab's pages and the unread count (badge, Updates button) change.
      invalidatesTags: ['Notifications'],
    }),
    markAllNotificationsRead: build.mutation<ReadAllResult, void>({
      query: () => ({ url: 'notifications/read-all', method: 'PUT' }),
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
  }),
});

export const {
  useMyNotificationsQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
} = notificationsApi;
