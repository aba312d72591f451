// The user screens' calls (All Users, User Management, Manage Investors, the user page's actions), all answered by
// identity: one server page of the searched, filtered and sorted users (total in X-Total-Count), the counts per
// status, the investors' summary, and the edits an admin makes to one user.
import type {
  AdminUser,
  AdminUserCounts,
  AdminUserListQuery,
  AdminUserUpdate,
  AdminUserUpdateResult,
  BanRequest,
  InvestorSummary,
  PasswordResetIssued,
} from '@cropvest/contracts/admin-users';
import { api, toPaged, type Paged } from '@cropvest/web-kit';

/** What a user list asks for: the query the contract takes, with its defaults left to the server. */
export type UserListArgs = Partial<AdminUserListQuery>;

const USERS_LIST = { type: 'AdminUsers' as const, id: 'LIST' };

export const adminUsersApi = api.injectEndpoints({
  endpoints: (build) => ({
    userList: build.query<Paged<AdminUser>, UserListArgs>({
      query: (args) => ({ url: 'admin/users', params: { ...args } }),
      transformResponse: (items: AdminUser[], meta) => toPaged(items, meta),
      providesTags: (result) => [
        ...(result?.items ?? []).map((user) => ({ type: 'AdminUsers' as const, id: user.id })),
        USERS_LIST,
      ],
    }),
    userCounts: build.query<AdminUserCounts, Pick<UserListArgs, 'q' | 'role'>>({
      query: (args) => ({ url: 'admin/users/counts', params: { ...args } }),
      providesTags: [USERS_LIST],
    }),
    investorSummary: build.query<InvestorSummary, void>({
      query: () => ({ url: 'admin/investors/summary' }),
      providesTags: [USERS_LIST],
    }),
    updateUser: build.mutation<AdminUserUpdateResult, { id: string; body: AdminUserUpdate }>({
      query: ({ id, body }) => ({ url: ['admin', 'users', id], method: 'PATCH', body }),
      // A balance change moves money (or waits for a second admin): the user page and the dashboard follow.
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'AdminUsers', id },
        USERS_LIST,
        { type: 'AdminUserPage', id },
        'AdminDashboard',
      ],
    }),
    banUser: build.mutation<AdminUser, { id: string; body: BanRequest }>({
      query: ({ id, body }) => ({ url: ['admin', 'users', id, 'ban'], method: 'PATCH', body }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'AdminUsers', id },
        USERS_LIST,
        { type: 'AdminUserPage', id },
      ],
    }),
    resetUserPassword: build.mutation<PasswordResetIssued, string>({
      query: (id) => ({ url: ['admin', 'users', id, 'reset-password'], method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'AdminUserPage', id }],
    }),
  }),
});

export const {
  useUserListQuery,
  useUserCountsQuery,
  useInvestorSummaryQuery,
  useUpdateUserMutation,
  useBanUserMutation,
  useResetUserPasswordMutation,
} = adminUsersApi;
