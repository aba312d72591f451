// Profile and Settings calls (spec section 7). KYC: the latest own submission (an empty object means none),
// the earlier ones, and submitting one. A review reaches the investor as a notification, so the live stream's refresh of the
// notification list (its tag) reads the submission again and the banner changes without a reload.
// Notifications: the six switches, kept by notify (docs/decisions/0011), which mails by them.
// Profile: the name (the user's tag, so the session's user and the sidebar follow) and the email change waiting
// for its link.
import type {
  EmailChangeRequest,
  PendingEmailChange,
  UpdateProfileRequest,
  User,
} from '@cropvest/contracts/auth';
import type { KycRecord, KycSubmitRequest } from '@cropvest/contracts/kyc';
import type {
  NotificationPreferences,
  NotificationPreferencesPatch,
} from '@cropvest/contracts/notifications';
import { api, toPaged, type Paged } from '@cropvest/web-kit';
import { NOTIFICATION_LIST_TAG } from '@cropvest/web-kit/notification-stream';

type MyKycBody = KycRecord | Record<string, never>;
const isSubmission = (body: MyKycBody): body is KycRecord => 'id' in body;

const MY_KYC = { type: 'Kyc' as const, id: 'MINE' };

export const profileApi = api
  .enhanceEndpoints({ addTagTypes: ['Kyc', 'NotificationPreferences', 'EmailChange'] })
  .injectEndpoints({
    endpoints: (build) => ({
      updateProfile: build.mutation<User, UpdateProfileRequest>({
        query: (body) => ({ url: 'auth/me', method: 'PATCH', body }),
        invalidatesTags: ['User'],
      }),
      pendingEmailChange: build.query<PendingEmailChange, void>({
        query: () => 'auth/email-change',
        providesTags: ['EmailChange'],
      }),
      startEmailChange: build.mutation<PendingEmailChange, EmailChangeRequest>({
        query: (body) => ({ url: 'auth/email-change', method: 'POST', body }),
        invalidatesTags: ['EmailChange'],
      }),
      myKyc: build.query<KycRecord | null, void>({
        query: () => 'kyc',
        transformResponse: (body: MyKycBody) => (isSubmission(body) ? body : null),
        providesTags: [MY_KYC, NOTIFICATION_LIST_TAG],
      }),
      // Every submission, newest first: the ones before the latest keep their review (history).
      myKycSubmissions: build.query<Paged<KycRecord>, { page: number; pageSize: number }>({
        query: (params) => ({ url: 'kyc/submissions', params: { ...params } }),
        transformResponse: (items: KycRecord[], meta) => toPaged(items, meta),
        providesTags: [MY_KYC, NOTIFICATION_LIST_TAG],
      }),
      submitKyc: build.mutation<KycRecord, KycSubmitRequest>({
        query: (body) => ({ url: 'kyc', method: 'POST', body }),
        // The account's kycStatus (auth/me) changes with it.
        invalidatesTags: [MY_KYC, 'User'],
      }),
      notificationPreferences: build.query<NotificationPreferences, void>({
        query: () => 'notifications/preferences',
        providesTags: ['NotificationPreferences'],
      }),
      // A switch flips at once and flips back if the server refuses; the answer is the stored state.
      updateNotificationPreferences: build.mutation<NotificationPreferences, NotificationPreferencesPatch>({
        query: (body) => ({ url: 'notifications/preferences', method: 'PUT', body }),
        onQueryStarted: async (patch, { dispatch, queryFulfilled }) => {
          const optimistic = dispatch(
            profileApi.util.updateQueryData('notificationPreferences', undefined, (draft) => {
              Object.assign(draft, patch);
            }),
          );
          try {
            const { data } = await queryFulfilled;
            void dispatch(profileApi.util.upsertQueryData('notificationPreferences', undefined, data));
          } catch {
            optimistic.undo();
          }
        },
      }),
    }),
  });

export const {
  useUpdateProfileMutation,
  usePendingEmailChangeQuery,
  useStartEmailChangeMutation,
  useMyKycQuery,
  useMyKycSubmissionsQuery,
  useSubmitKycMutation,
  useNotificationPreferencesQuery,
  useUpdateNotificationPreferencesMutation,
} = profileApi;
