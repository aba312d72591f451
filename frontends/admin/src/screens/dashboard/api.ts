// The admin area's calls on the shared API (spec section 7).
import type { AdminDashboard, AdminDeposit, AdminInvestment, AdminWithdrawal } from '@cropvest/contracts';
import { api, toPaged, type Paged } from '@cropvest/web-kit';

/** The dashboard lists the first pending requests (spec: at most 5) and counts them all. */
const PENDING_FIRST_PAGE = { status: 'pending', pageSize: 5 } as const;

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminDashboard: build.query<AdminDashboard, void>({
      query: () => 'admin/dashboard',
      providesTags: ['AdminDashboard'],
    }),
    pendingDeposits: build.query<Paged<AdminDeposit>, void>({
      query: () => ({ url: 'admin/deposits', params: PENDING_FIRST_PAGE }),
      transformResponse: (items: AdminDeposit[], meta) => toPaged(items, meta),
      providesTags: [{ type: 'Deposits', id: 'LIST' }],
    }),
    pendingWithdrawals: build.query<Paged<AdminWithdrawal>, void>({
      query: () => ({ url: 'admin/withdrawals', params: PENDING_FIRST_PAGE }),
      transformResponse: (items: AdminWithdrawal[], meta) => toPaged(items, meta),
      providesTags: [{ type: 'Withdrawals', id: 'LIST' }],
    }),
    // The admin list is paged on the server, newest first: the first page holds the 5 the dashboard shows.
    adminInvestments: build.query<AdminInvestment[], void>({
      query: () => ({ url: 'admin/investments', params: { pageSize: 5 } }),
      providesTags: ['Investments'],
    }),
  }),
});

export const {
  useAdminDashboardQuery,
  usePendingDepositsQuery,
  usePendingWithdrawalsQuery,
  useAdminInvestmentsQuery,
} = adminApi;
