// The admin reports: each answered by the service that owns the figures (docs/decisions/0064-admin-reports.md).
import { operations } from '../api-operation.ts';
import {
  HarvestCalendar,
  InvestmentReport,
  KycReport,
  ReportQuery,
  ReportRangeQuery,
  TransactionReport,
  UserReport,
} from './model.ts';

const tag = 'Admin: reports';

export const reportOperations = operations({
  transactionsReport: {
    owner: 'wallet',
    method: 'get',
    path: '/api/admin/reports/transactions',
    summary:
      'Deposits, withdrawals and net flow per bucket (from the ledger), requests by type and status, ledger movements by kind, review waits (median, 95th percentile)',
    tag,
    auth: 'admin',
    query: ReportQuery,
    response: TransactionReport,
  },
  investmentsReport: {
    owner: 'plans',
    method: 'get',
    path: '/api/admin/reports/investments',
    summary:
      'Money invested, active principal, interest accrued and paid per bucket; by plan; active investors',
    tag,
    auth: 'admin',
    query: ReportQuery,
    response: InvestmentReport,
  },
  harvestCalendar: {
    owner: 'plans',
    method: 'get',
    path: '/api/admin/reports/harvest-calendar',
    summary:
      'Principal and interest due at each harvest day in the range (the interest still to accrue is a projection)',
    tag,
    auth: 'admin',
    query: ReportRangeQuery,
    response: HarvestCalendar,
  },
  usersReport: {
    owner: 'identity',
    method: 'get',
    path: '/api/admin/reports/users',
    summary: 'Investor sign-ups per bucket and investors by verification status',
    tag,
    auth: 'admin',
    query: ReportQuery,
    response: UserReport,
  },
  kycReport: {
    owner: 'kyc',
    method: 'get',
    path: '/api/admin/reports/kyc',
    summary: 'KYC submissions and reviews per bucket, and the funnel of the range’s submissions',
    tag,
    auth: 'admin',
    query: ReportQuery,
    response: KycReport,
  },
});
