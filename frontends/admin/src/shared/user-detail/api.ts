// The user page's calls, each to the service that owns the data (spec section 7): the user from identity; the
// deposits, withdrawals and balance adjustments from the wallet; investments from plans; KYC; support
// tickets; the audit entries about the user from identity's audit trail. Every list is one small server page
// filtered by the user (total in X-Total-Count), so one slow service delays only its own section.
import type { AdminUser } from '@cropvest/contracts/admin-users';
import type { AdminInvestment } from '@cropvest/contracts/plans';
import type { AdminKycRecord } from '@cropvest/contracts/kyc';
import type { AdminTicket } from '@cropvest/contracts/support';
import type { AuditLogPage } from '@cropvest/contracts/audit';
import type {
  AdminBalanceAdjustment,
  AdminDeposit,
  AdminWithdrawal,
  BalanceAdjustmentStatusUpdate,
} from '@cropvest/contracts/wallet';
import { api, toPaged, type Paged } from '@cropvest/web-kit';

/** One section's page: whose rows, which page of SECTION_PAGE_SIZE. */
export interface SectionArgs {
  userId: string;
  page: number;
}

export const SECTION_PAGE_SIZE = 5;

const params = ({ userId, page }: SectionArgs) => ({ userId, page, pageSize: SECTION_PAGE_SIZE });

/** The section lists under one tag per user, refreshed together when something about the user changes. */
export const userTag = (userId: string) => ({ type: 'AdminUserPage' as const, id: userId });

export const userDetailApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminUser: build.query<AdminUser, string>({
      query: (id) => ({ url: ['admin', 'users', id] }),
      providesTags: (_result, _error, id) => [userTag(id), 'User'],
    }),
    userAdjustments: build.query<Paged<AdminBalanceAdjustment>, SectionArgs>({
      query: (args) => ({ url: 'admin/balance-adjustments', params: params(args) }),
      transformResponse: (items: AdminBalanceAdjustment[], meta) => toPaged(items, meta),
      providesTags: (_result, _error, { userId }) => [userTag(userId)],
    }),
    userDeposits: build.query<Paged<AdminDeposit>, SectionArgs>({
      query: (args) => ({ url: 'admin/deposits', params: params(args) }),
      transformResponse: (items: AdminDeposit[], meta) => toPaged(items, meta),
      providesTags: (_result, _error, { userId }) => [userTag(userId), { type: 'Deposits', id: 'LIST' }],
    }),
    userWithdrawals: build.query<Paged<AdminWithdrawal>, SectionArgs>({
      query: (args) => ({ url: 'admin/withdrawals', params: params(args) }),
      transformResponse: (items: AdminWithdrawal[], meta) => toPaged(items, meta),
      providesTags: (_result, _error, { userId }) => [userTag(userId), { type: 'Withdrawals', id: 'LIST' }],
    }),
    userInvestments: build.query<Paged<AdminInvestment>, SectionArgs>({
      query: (args) => ({ url: 'admin/investments', params: params(args) }),
      transformResponse: (items: AdminInvestment[], meta) => toPaged(items, meta),
      providesTags: (_result, _error, { userId }) => [userTag(userId), 'Investments'],
    }),
    userKyc: build.query<Paged<AdminKycRecord>, SectionArgs>({
      query: (args) => ({ url: 'admin/kyc', params: params(args) }),
      transformResponse: (items: AdminKycRecord[], meta) => toPaged(items, meta),
      providesTags: (_result, _error, { userId }) => [userTag(userId)],
    }),
    userTickets: build.query<Paged<AdminTicket>, SectionArgs>({
      query: (args) => ({ url: 'admin/support', params: params(args) }),
      transformResponse: (items: AdminTicket[], meta) => toPaged(items, meta),
      providesTags: (_result, _error, { userId }) => [userTag(userId)],
    }),
    /** Entries about the user (their target), newest first: the audit trail answers its own page shape. */
    userAudit: build.query<Paged<AuditLogPage['items'][number]>, SectionArgs>({
      query: ({ userId, page }) => ({
        url: 'admin/audit-logs',
        params: { targetId: userId, page, pageSize: SECTION_PAGE_SIZE },
      }),
      transformResponse: (result: AuditLogPage) => ({ items: result.items, total: result.total }),
      providesTags: (_result, _error, { userId }) => [userTag(userId)],
      // Entries arrive from every service through the bus: read afresh whenever the page opens.
      keepUnusedDataFor: 0,
    }),
    reviewAdjustment: build.mutation<
      AdminBalanceAdjustment,
      { id: string; userId: string; body: BalanceAdjustmentStatusUpdate }
    >({
      query: ({ id, body }) => ({ url: ['admin', 'balance-adjustments', id, 'status'], method: 'PUT', body }),
      // An approval moves the balance: the header, every section, the history and the dashboard follow.
      invalidatesTags: (_result, _error, { userId }) => [userTag(userId), 'Transactions', 'AdminDashboard'],
    }),
  }),
});

export const {
  useAdminUserQuery,
  useUserAdjustmentsQuery,
  useUserDepositsQuery,
  useUserWithdrawalsQuery,
  useUserInvestmentsQuery,
  useUserKycQuery,
  useUserTicketsQuery,
  useUserAuditQuery,
  useReviewAdjustmentMutation,
} = userDetailApi;
