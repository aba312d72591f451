// The admin's report calls (decisions 0064, 0120), each built from its operation in the contracts and answered by
// the service that owns its figures:
// - the dashboard: the platform's figures, the first pending deposits and withdrawals (the spec shows at most 5
//   and counts them all) and the latest investments;
// - the reports (transactions, investments, harvest calendar, users, KYC): each refetches when its screen opens,
//   and the money and KYC reviews an admin makes elsewhere invalidate the reports that count them;
// - Export Data's CSV streams, one per dataset.
import {
  dashboardOperations,
  exportOperations,
  plansOperations,
  reportOperations,
  walletOperations,
} from '@cropvest/contracts/browser-operations';
import type {
  AdminDashboard,
  AdminDeposit,
  AdminInvestment,
  AdminWithdrawal,
  HarvestCalendar,
  InvestmentReport,
  KycReport,
  ReportQuery,
  ReportRangeQuery,
  TransactionReport,
  UserReport,
} from '@cropvest/contracts';
import type { ExportDataset } from '@cropvest/contracts/reports/export-datasets';
import { api, operationRequest, toPaged, type ApiRequest, type Paged } from '@cropvest/web-kit';
import { investmentTags, planTags } from './plans.ts';
import { depositTags, withdrawalTags } from './wallet.ts';

/** The dashboard lists the first pending requests (spec: at most 5) and counts them all. */
const PENDING_FIRST_PAGE = { status: 'pending', pageSize: 5 } as const;

export const adminReportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminDashboard: build.query<AdminDashboard, void>({
      query: () => operationRequest(dashboardOperations.adminDashboard),
      providesTags: ['AdminDashboard'],
    }),
    pendingDeposits: build.query<Paged<AdminDeposit>, void>({
      query: () => operationRequest(walletOperations.adminDeposits, { query: PENDING_FIRST_PAGE }),
      transformResponse: (items: AdminDeposit[], meta) => toPaged(items, meta),
      providesTags: [depositTags.list],
    }),
    pendingWithdrawals: build.query<Paged<AdminWithdrawal>, void>({
      query: () => operationRequest(walletOperations.adminWithdrawals, { query: PENDING_FIRST_PAGE }),
      transformResponse: (items: AdminWithdrawal[], meta) => toPaged(items, meta),
      providesTags: [withdrawalTags.list],
    }),
    // The admin list is paged on the server, newest first: the first page holds the 5 the dashboard shows.
    adminInvestments: build.query<AdminInvestment[], void>({
      query: () => operationRequest(plansOperations.adminInvestments, { query: { pageSize: 5 } }),
      providesTags: [investmentTags.list],
    }),

    transactionReport: build.query<TransactionReport, ReportQuery>({
      query: (query) => operationRequest(reportOperations.transactionsReport, { query }),
      providesTags: [depositTags.list, withdrawalTags.list],
    }),
    investmentReport: build.query<InvestmentReport, ReportQuery>({
      query: (query) => operationRequest(reportOperations.investmentsReport, { query }),
      providesTags: [investmentTags.list, planTags.list],
    }),
    harvestCalendar: build.query<HarvestCalendar, ReportRangeQuery>({
      query: (query) => operationRequest(reportOperations.harvestCalendar, { query }),
      providesTags: [investmentTags.list, planTags.list],
    }),
    userReport: build.query<UserReport, ReportQuery>({
      query: (query) => operationRequest(reportOperations.usersReport, { query }),
      providesTags: ['User'],
    }),
    kycReport: build.query<KycReport, ReportQuery>({
      query: (query) => operationRequest(reportOperations.kycReport, { query }),
    }),
  }),
});

export const {
  useAdminDashboardQuery,
  usePendingDepositsQuery,
  usePendingWithdrawalsQuery,
  useAdminInvestmentsQuery,
  useTransactionReportQuery,
  useInvestmentReportQuery,
  useHarvestCalendarQuery,
  useUserReportQuery,
  useKycReportQuery,
} = adminReportsApi;

/** Each dataset's CSV stream, served by the service that owns it. */
const EXPORTS = {
  users: exportOperations.exportUsers,
  deposits: exportOperations.exportDeposits,
  withdrawals: exportOperations.exportWithdrawals,
  'ledger-entries': exportOperations.exportLedgerEntries,
  investments: exportOperations.exportInvestments,
  'audit-logs': exportOperations.exportAuditLogs,
} as const satisfies Record<ExportDataset, { path: string }>;

/**
 * The download of one dataset. Its query (the range's days and the dataset's one filter, named by the screen's
 * dataset choice) was checked by Export Data's form, and the owning service checks it again.
 */
export const exportRequest = (dataset: ExportDataset, query: Record<string, string>): ApiRequest => ({
  ...operationRequest(EXPORTS[dataset]),
  params: query,
});
