// The admin's identity calls (spec section 7; decision 0120), each built from its operation in the contracts: the
// user lists (All Users, User Management, Manage Investors: one server page of the searched, filtered and sorted
// users, total in X-Total-Count; the counts per status; the investors' summary) and the edits an admin makes to
// one user; the user page's user, audit entries, trusted devices and account freeze (decisions 0100, 0101);
// System Settings with the landing testimonials; and Audit Logs (the filtered trail, the chain check and the admins
// its filter can name).
import {
  accountProtectionOperations,
  identityOperations,
  testimonialOperations,
} from '@cropvest/contracts/browser-operations';
import type {
  AccountFreeze,
  AdminAccountProtection,
  TrustedDevice,
} from '@cropvest/contracts/identity/account-protection';
import type {
  AdminUser,
  AdminUserCounts,
  AdminUserListQuery,
  AdminUserUpdateResult,
  InvestorSummary,
  PasswordResetIssued,
} from '@cropvest/contracts/identity/admin-users';
import type {
  AuditAdmin,
  AuditChainVerification,
  AuditLogPage,
  AuditLogQuery,
} from '@cropvest/contracts/identity/audit';
import type { AllSettings, SettingsPatchRequest } from '@cropvest/contracts/identity/settings';
import type { AdminTestimonial, CreateTestimonialRequest } from '@cropvest/contracts/identity/testimonials';
import { api, cacheTags, operationRequest, toPaged, type OperationBody, type Paged } from '@cropvest/web-kit';
import { SECTION_PAGE_SIZE, sectionPage, userPageTags, type SectionArgs } from './user-page.ts';

/** What a user list asks for: the query the contract takes, with its defaults left to the server. */
export type UserListArgs = Partial<AdminUserListQuery>;

export type AuditListArgs = Partial<AuditLogQuery> & Pick<AuditLogQuery, 'page' | 'pageSize'>;

export const userTags = cacheTags('AdminUsers');
const auditTags = cacheTags('AuditLogs');
const testimonialTags = cacheTags('Testimonials');

export const adminIdentityApi = api
  .enhanceEndpoints({ addTagTypes: ['AuditLogs', 'AdminSettings', 'Testimonials'] })
  .injectEndpoints({
    endpoints: (build) => ({
      userList: build.query<Paged<AdminUser>, UserListArgs>({
        query: (query) => operationRequest(identityOperations.adminUsers, { query }),
        transformResponse: (items: AdminUser[], meta) => toPaged(items, meta),
        providesTags: userTags.page,
      }),
      userCounts: build.query<AdminUserCounts, Pick<UserListArgs, 'q' | 'role'>>({
        query: (query) => operationRequest(identityOperations.adminUserCounts, { query }),
        providesTags: [userTags.list],
      }),
      investorSummary: build.query<InvestorSummary, void>({
        query: () => operationRequest(identityOperations.adminInvestorSummary),
        providesTags: [userTags.list],
      }),
      updateUser: build.mutation<
        AdminUserUpdateResult,
        { id: string; body: OperationBody<typeof identityOperations.updateAdminUser> }
      >({
        query: ({ id, body }) => operationRequest(identityOperations.updateAdminUser, { path: { id }, body }),
        // A balance change moves money (or waits for a second admin): the user page and the dashboard follow.
        invalidatesTags: (_result, _error, { id }) => [
          ...userTags.changed(id),
          userPageTags.one(id),
          'AdminDashboard',
        ],
      }),
      banUser: build.mutation<
        AdminUser,
        { id: string; body: OperationBody<typeof identityOperations.banUser> }
      >({
        query: ({ id, body }) => operationRequest(identityOperations.banUser, { path: { id }, body }),
        invalidatesTags: (_result, _error, { id }) => [...userTags.changed(id), userPageTags.one(id)],
      }),
      resetUserPassword: build.mutation<PasswordResetIssued, string>({
        query: (id) => operationRequest(identityOperations.adminResetPassword, { path: { id } }),
        invalidatesTags: (_result, _error, id) => [userPageTags.one(id)],
      }),

      adminUser: build.query<AdminUser, string>({
        query: (id) => operationRequest(identityOperations.adminUser, { path: { id } }),
        providesTags: (_result, _error, id) => [userPageTags.one(id), 'User'],
      }),
      /** Entries about the user (their target), newest first: the audit trail answers its own page shape. */
      userAudit: build.query<Paged<AuditLogPage['items'][number]>, SectionArgs>({
        query: ({ userId, page }) =>
          operationRequest(identityOperations.auditLogs, {
            query: { targetId: userId, page, pageSize: SECTION_PAGE_SIZE },
          }),
        transformResponse: (result: AuditLogPage) => ({ items: result.items, total: result.total }),
        providesTags: (_result, _error, { userId }) => [userPageTags.one(userId)],
        // Entries arrive from every service through the bus: read afresh whenever the page opens.
        keepUnusedDataFor: 0,
      }),
      userDevices: build.query<Paged<TrustedDevice>, SectionArgs>({
        query: (args) =>
          operationRequest(accountProtectionOperations.userDevices, {
            path: { id: args.userId },
            query: sectionPage(args),
          }),
        transformResponse: (items: TrustedDevice[], meta) => toPaged(items, meta),
        providesTags: (_result, _error, { userId }) => [userPageTags.one(userId)],
      }),
      userFreeze: build.query<AdminAccountProtection, string>({
        query: (userId) => operationRequest(accountProtectionOperations.userFreeze, { path: { id: userId } }),
        providesTags: (_result, _error, userId) => [userPageTags.one(userId)],
      }),
      /** A freeze ends the user's sessions and adds an audit entry, so every section of the page reads again. */
      setUserFrozen: build.mutation<
        AccountFreeze,
        {
          userId: string;
          frozen: boolean;
          body: OperationBody<typeof accountProtectionOperations.adminFreezeUser>;
        }
      >({
        query: ({ userId, frozen, body }) =>
          operationRequest(
            frozen
              ? accountProtectionOperations.adminFreezeUser
              : accountProtectionOperations.adminUnfreezeUser,
            { path: { id: userId }, body },
          ),
        invalidatesTags: (_result, _error, { userId }) => [userPageTags.one(userId)],
      }),

      adminSettings: build.query<AllSettings, void>({
        query: () => operationRequest(identityOperations.adminSettings),
        providesTags: ['AdminSettings'],
      }),
      /** A save answers every section, which becomes the cached read at once (no second request). */
      saveSettings: build.mutation<AllSettings, SettingsPatchRequest>({
        query: (body) => operationRequest(identityOperations.updateAdminSettings, { body }),
        // The public settings the shell reads (maintenance, registrations, live chat) are cached as 'Settings'.
        invalidatesTags: ['Settings'],
        async onQueryStarted(_patch, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            void dispatch(adminIdentityApi.util.upsertQueryData('adminSettings', undefined, data));
          } catch {
            // A refused save changed nothing; the form reports it.
          }
        },
      }),
      adminTestimonials: build.query<Paged<AdminTestimonial>, { page: number; pageSize: number }>({
        query: (query) => operationRequest(testimonialOperations.adminTestimonials, { query }),
        transformResponse: toPaged,
        providesTags: [testimonialTags.list],
      }),
      addTestimonial: build.mutation<AdminTestimonial, CreateTestimonialRequest>({
        query: (body) => operationRequest(testimonialOperations.createTestimonial, { body }),
        // 'Settings' is what the landing page's list is cached under.
        invalidatesTags: [testimonialTags.list, 'Settings'],
      }),
      removeTestimonial: build.mutation<{ ok: true }, string>({
        query: (id) => operationRequest(testimonialOperations.deleteTestimonial, { path: { id } }),
        invalidatesTags: [testimonialTags.list, 'Settings'],
      }),

      // Entries arrive from every service through the bus, so each is read afresh whenever the screen opens.
      auditLogs: build.query<AuditLogPage, AuditListArgs>({
        query: (query) => operationRequest(identityOperations.auditLogs, { query }),
        providesTags: [auditTags.list],
      }),
      auditVerification: build.query<AuditChainVerification, void>({
        query: () => operationRequest(identityOperations.auditLogVerification),
        providesTags: [auditTags.list],
      }),
      auditAdmins: build.query<AuditAdmin[], void>({
        query: () => operationRequest(identityOperations.auditLogAdmins),
        providesTags: [auditTags.list],
      }),
    }),
  });

/** Reads the trail again (the Refresh button): list, check and admins together. */
export const refreshTrail = () => adminIdentityApi.util.invalidateTags([auditTags.list]);

export const {
  useUserListQuery,
  useUserCountsQuery,
  useInvestorSummaryQuery,
  useUpdateUserMutation,
  useBanUserMutation,
  useResetUserPasswordMutation,
  useAdminUserQuery,
  useUserAuditQuery,
  useUserDevicesQuery,
  useUserFreezeQuery,
  useSetUserFrozenMutation,
  useAdminSettingsQuery,
  useSaveSettingsMutation,
  useAdminTestimonialsQuery,
  useAddTestimonialMutation,
  useRemoveTestimonialMutation,
  useAuditLogsQuery,
  useAuditVerificationQuery,
  useAuditAdminsQuery,
} = adminIdentityApi;
