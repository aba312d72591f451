// The admin area's calls on the shared API (spec section 7).
import type { AdminDashboard } from '@cropvest/contracts';
import { api, type AdminTransferSummary, type InvestmentSummary } from '@cropvest/web-kit';

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminDashboard: build.query<AdminDashboard, void>({ query: () => 'admin/dashboard', providesTags: ['AdminDashboard'] }),
    adminDeposits: build.query<AdminTransferSummary[], void>({ query: () => 'admin/deposits', providesTags: ['Deposits'] }),
    adminWithdrawals: build.query<AdminTransferSummary[], void>({ query: () => 'admin/withdrawals', providesTags: ['Withdrawals'] }),
    adminInvestments: build.query<InvestmentSummary[], void>({ query: () => 'admin/investments', providesTags: ['Investments'] }),
  }),
});

export const { useAdminDashboardQuery, useAdminDepositsQuery, useAdminWithdrawalsQuery, useAdminInvestmentsQuery } = adminApi;
