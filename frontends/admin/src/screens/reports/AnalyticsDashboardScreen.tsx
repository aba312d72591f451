// Analytics Dashboard (/admin/reports, issue 13 section 4): money in and out, money invested and active
// principal, new investors and the KYC funnel over a range, each from the service that owns the figures.
import type { InvestmentReport, KycReport, TransactionReport, UserReport } from '@cropvest/contracts';
import {
  useInvestmentReportQuery,
  useKycReportQuery,
  useTransactionReportQuery,
  useUserReportQuery,
} from './api.ts';
import { COLORS, ReportChart } from './charts.tsx';
import { allZero, countColumn, countFormat, textColumn, usdtColumn, usdtFormat } from './columns.ts';
import { ReportCard } from './ReportCard.tsx';
import { rangeLabel, ReportPage, reportOptions } from './ReportPage.tsx';
import { useReportRange } from './range.ts';

type Flow = TransactionReport['flows'][number];
type Invested = InvestmentReport['series'][number];
type SignUps = UserReport['series'][number];
type FunnelStep = { step: string; count: number };

const funnelSteps = (funnel: KycReport['funnel']): FunnelStep[] => [
  { step: 'Submitted', count: funnel.submitted },
  { step: 'Pending', count: funnel.pending },
  { step: 'Approved', count: funnel.approved },
  { step: 'Rejected', count: funnel.rejected },
];

export default function AnalyticsDashboardScreen() {
  const range = useReportRange();
  const options = reportOptions(range);
  const transactions = useTransactionReportQuery(range.query, options);
  const investments = useInvestmentReportQuery(range.query, options);
  const users = useUserReportQuery(range.query, options);
  const kyc = useKycReportQuery(range.query, options);
  const label = rangeLabel(range);

  return (
    <ReportPage
      title="Analytics Dashboard"
      intro="Money in and out, money invested, new investors and identity checks over the range you choose."
      range={range}
    >
      <ReportCard
        title="Deposits, withdrawals and net flow"
        description="Deposits credited and withdrawals paid out, from the ledger; net flow is the difference."
        query={transactions}
        rows={(data) => data.flows}
        rowKey={(row: Flow) => row.bucket}
        columns={[
          textColumn('Period start', (r: Flow) => r.bucket),
          usdtColumn('Deposits (USDT)', (r: Flow) => r.deposits),
          usdtColumn('Withdrawals (USDT)', (r: Flow) => r.withdrawals),
          usdtColumn('Net flow (USDT)', (r: Flow) => r.netFlow),
        ]}
        isEmpty={(rows) => allZero(rows, [(r) => r.deposits, (r) => r.withdrawals])}
        chart={(rows) => (
          <ReportChart
            rows={rows}
            category={(r) => r.bucket}
            format={usdtFormat}
            series={[
              { label: 'Deposits', value: (r) => r.deposits, mark: 'bar', color: COLORS.green },
              { label: 'Withdrawals', value: (r) => r.withdrawals, mark: 'bar', color: COLORS.red },
              { label: 'Net flow', value: (r) => r.netFlow, mark: 'line', color: COLORS.blue },
            ]}
          />
        )}
        filename="deposits-withdrawals-net-flow"
        rangeLabel={label}
      />
      <ReportCard
        title="Money invested and active principal"
        description="Principal of the investments paid for in each period, and all principal still growing at its end."
        query={investments}
        rows={(data) => data.series}
        rowKey={(row: Invested) => row.bucket}
        columns={[
          textColumn('Period start', (r: Invested) => r.bucket),
          usdtColumn('Invested (USDT)', (r: Invested) => r.invested),
          countColumn('Investments', (r: Invested) => r.investments),
          usdtColumn('Active principal at period end (USDT)', (r: Invested) => r.activePrincipal),
        ]}
        isEmpty={(rows) => allZero(rows, [(r) => r.invested, (r) => r.activePrincipal])}
        chart={(rows) => (
          <ReportChart
            rows={rows}
            category={(r) => r.bucket}
            format={usdtFormat}
            series={[
              { label: 'Invested', value: (r) => r.invested, mark: 'bar', color: COLORS.green },
              {
                label: 'Active principal',
                value: (r) => r.activePrincipal,
                mark: 'line',
                color: COLORS.violet,
              },
            ]}
          />
        )}
        filename="money-invested-active-principal"
        rangeLabel={label}
      />
      <ReportCard
        title="New investors"
        description="Investor accounts registered in each period."
        query={users}
        rows={(data) => data.series}
        rowKey={(row: SignUps) => row.bucket}
        columns={[
          textColumn('Period start', (r: SignUps) => r.bucket),
          countColumn('New investors', (r: SignUps) => r.signUps),
        ]}
        isEmpty={(rows) => allZero(rows, [(r) => r.signUps])}
        chart={(rows) => (
          <ReportChart
            rows={rows}
            category={(r) => r.bucket}
            format={countFormat}
            wholeNumbers
            series={[{ label: 'New investors', value: (r) => r.signUps, mark: 'bar', color: COLORS.blue }]}
          />
        )}
        filename="new-investors"
        rangeLabel={label}
      />
      <ReportCard
        title="KYC funnel"
        description="Identity submissions made in the range, and where each stands now."
        query={kyc}
        rows={(data) => funnelSteps(data.funnel)}
        rowKey={(row: FunnelStep) => row.step}
        columns={[
          textColumn('Step', (r: FunnelStep) => r.step),
          countColumn('Submissions', (r: FunnelStep) => r.count),
        ]}
        isEmpty={(rows) => allZero(rows, [(r) => r.count])}
        chart={(rows) => (
          <ReportChart
            rows={rows}
            category={(r) => r.step}
            format={countFormat}
            wholeNumbers
            series={[{ label: 'Submissions', value: (r) => r.count, mark: 'bar', color: COLORS.slate }]}
          />
        )}
        filename="kyc-funnel"
        rangeLabel={label}
      />
    </ReportPage>
  );
}
