// The admin area's calls on the shared API (spec section 7).
import type { AdminDashboard, AdminDeposit, AdminInvestment, AdminWithdrawal } from '@cropvest/contracts';
import { api } from '@cropvest/web-kit';

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminDashboard: build.query<AdminDashboard, void>({
      query: () => 'admin/dashboard',
      providesTags: ['AdminDashboard'],
    }),
    adminDeposits: build.query<AdminDeposit[], void>({
      query: () => 'admin/deposits',
      providesTags: ['Deposits'],
    }),
    adminWithdrawals: build.query<AdminWithdrawal[], void>({
      query: () => 'admin/withdrawals',
      providesTags: ['Withdrawals'],
    }),
    adminInvestments: build.query<AdminInvestment[], void>({
      query: () => 'admin/investments',
      providesTags: ['Investments'],
    }),
  }),
});

export const {
  useAdminDashboardQuery,
  useAdminDepositsQuery,
  useAdminWithdrawalsQuery,
  useAdminInvestmentsQuery,
} = adminApi;
