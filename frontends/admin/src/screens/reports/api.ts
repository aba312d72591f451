// The admin reports' calls (docs/decisions/0064-admin-reports.md): each answered by the service that owns
// its figures; the screens put them together. Every report refetches when its screen opens, and the money
// and KYC reviews an admin makes elsewhere invalidate the reports that count them.
import type {
  HarvestCalendar,
  InvestmentReport,
  KycReport,
  ReportQuery,
  ReportRangeQuery,
  TransactionReport,
  UserReport,
} from '@cropvest/contracts';
import { api } from '@cropvest/web-kit';

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    transactionReport: build.query<TransactionReport, ReportQuery>({
      query: (params) => ({ url: 'admin/reports/transactions', params }),
      providesTags: [
        { type: 'Deposits', id: 'LIST' },
        { type: 'Withdrawals', id: 'LIST' },
      ],
    }),
    investmentReport: build.query<InvestmentReport, ReportQuery>({
      query: (params) => ({ url: 'admin/reports/investments', params }),
      providesTags: ['Investments', 'Plans'],
    }),
    harvestCalendar: build.query<HarvestCalendar, ReportRangeQuery>({
      query: (params) => ({ url: 'admin/reports/harvest-calendar', params }),
      providesTags: ['Investments', 'Plans'],
    }),
    userReport: build.query<UserReport, ReportQuery>({
      query: (params) => ({ url: 'admin/reports/users', params }),
      providesTags: ['User'],
    }),
    kycReport: build.query<KycReport, ReportQuery>({
      query: (params) => ({ url: 'admin/reports/kyc', params }),
    }),
  }),
});

export const {
  useTransactionReportQuery,
  useInvestmentReportQuery,
  useHarvestCalendarQuery,
  useUserReportQuery,
  useKycReportQuery,
} = reportsApi;
