// Analytics Dashboard (/admin/reports, issue 13 section 4): money in and out, money invested and active
// principal, new investors and the KYC funnel over a range, each from the service that owns the figures.
import type { InvestmentReport, KycReport, TransactionReport } from '@cropvest/contracts';
import {
  useInvestmentReportQuery,
  useKycReportQuery,
  useTransactionReportQuery,
  useUserReportQuery,
} from '../../api/reports.ts';
import { CHART_COLORS } from '@cropvest/ui/chart-theme';
import { PERIOD, SignUpsCard } from './shared-cards.tsx';
import { ReportPage, reportOptions } from '../../shared/reports/ReportPage.tsx';
import { useReportRange } from '../../shared/reports/range.ts';
import { countMeasure, SeriesReportCard, usdtMeasure } from '../../shared/reports/SeriesReportCard.tsx';

type Flow = TransactionReport['flows'][number];
type Invested = InvestmentReport['series'][number];
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

  return (
    <ReportPage
      title="Analytics Dashboard"
      intro="Money in and out, money invested, new investors and identity checks over the range you choose."
      range={range}
    >
      <SeriesReportCard
        title="Deposits, withdrawals and net flow"
        description="Deposits credited and withdrawals paid out, from the ledger; net flow is the difference."
        query={transactions}
        rows={(data) => data.flows}
        rowKey={(row: Flow) => row.bucket}
        category={PERIOD}
        measures={[
          usdtMeasure('Deposits', (r: Flow) => r.deposits, { mark: 'bar', color: CHART_COLORS.brand }),
          usdtMeasure('Withdrawals', (r: Flow) => r.withdrawals, { mark: 'bar', color: CHART_COLORS.loss }),
          usdtMeasure('Net flow', (r: Flow) => r.netFlow, { mark: 'line', color: CHART_COLORS.sky }),
        ]}
        filename="deposits-withdrawals-net-flow"
      />
      <SeriesReportCard
        title="Money invested and active principal"
        description="Principal of the investments paid for in each period, and all principal still growing at its end."
        query={investments}
        rows={(data) => data.series}
        rowKey={(row: Invested) => row.bucket}
        category={PERIOD}
        measures={[
          usdtMeasure('Invested', (r: Invested) => r.invested, { mark: 'bar', color: CHART_COLORS.brand }),
          countMeasure('Investments', (r: Invested) => r.investments),
          usdtMeasure('Active principal at period end', (r: Invested) => r.activePrincipal, {
            mark: 'line',
            color: CHART_COLORS.water,
            legend: 'Active principal',
          }),
        ]}
        filename="money-invested-active-principal"
      />
      <SignUpsCard
        title="New investors"
        description="Investor accounts registered in each period."
        query={users}
        filename="new-investors"
      />
      <SeriesReportCard
        title="KYC funnel"
        description="Identity submissions made in the range, and where each stands now."
        query={kyc}
        rows={(data) => funnelSteps(data.funnel)}
        rowKey={(row: FunnelStep) => row.step}
        category={['Step', (r: FunnelStep) => r.step]}
        measures={[
          countMeasure('Submissions', (r: FunnelStep) => r.count, { mark: 'bar', color: CHART_COLORS.soil }),
        ]}
        filename="kyc-funnel"
      />
    </ReportPage>
  );
}
