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
import { useReportsMessages, type ReportsMessageId } from './messages/catalogue.ts';
import { period, SignUpsCard } from './shared-cards.tsx';
import { ReportPage, reportOptions } from '../../shared/reports/ReportPage.tsx';
import { useReportRange } from '../../shared/reports/range.ts';
import { countMeasure, SeriesReportCard, usdtMeasure } from '../../shared/reports/SeriesReportCard.tsx';

type Flow = TransactionReport['flows'][number];
type Invested = InvestmentReport['series'][number];
type FunnelStep = { step: ReportsMessageId; count: number };

const funnelSteps = (funnel: KycReport['funnel']): FunnelStep[] => [
  { step: 'reports.funnel.submitted', count: funnel.submitted },
  { step: 'reports.funnel.pending', count: funnel.pending },
  { step: 'reports.funnel.approved', count: funnel.approved },
  { step: 'reports.funnel.rejected', count: funnel.rejected },
];

export default function AnalyticsDashboardScreen() {
  const { text } = useReportsMessages();
  const range = useReportRange();
  const options = reportOptions(range);
  const transactions = useTransactionReportQuery(range.query, options);
  const investments = useInvestmentReportQuery(range.query, options);
  const users = useUserReportQuery(range.query, options);
  const kyc = useKycReportQuery(range.query, options);

  return (
    <ReportPage title={text('reports.analytics.title')} intro={text('reports.analytics.intro')} range={range}>
      <SeriesReportCard
        title={text('reports.analytics.flow.title')}
        description={text('reports.analytics.flow.description')}
        query={transactions}
        rows={(data) => data.flows}
        rowKey={(row: Flow) => row.bucket}
        category={period(text)}
        measures={[
          usdtMeasure(text('reports.measure.deposits'), (r: Flow) => r.deposits, {
            mark: 'bar',
            color: CHART_COLORS.brand,
          }),
          usdtMeasure(text('reports.measure.withdrawals'), (r: Flow) => r.withdrawals, {
            mark: 'bar',
            color: CHART_COLORS.loss,
          }),
          usdtMeasure(text('reports.measure.netFlow'), (r: Flow) => r.netFlow, {
            mark: 'line',
            color: CHART_COLORS.sky,
          }),
        ]}
        filename="deposits-withdrawals-net-flow"
      />
      <SeriesReportCard
        title={text('reports.analytics.invested.title')}
        description={text('reports.analytics.invested.description')}
        query={investments}
        rows={(data) => data.series}
        rowKey={(row: Invested) => row.bucket}
        category={period(text)}
        measures={[
          usdtMeasure(text('reports.measure.invested'), (r: Invested) => r.invested, {
            mark: 'bar',
            color: CHART_COLORS.brand,
          }),
          countMeasure(text('reports.measure.investments'), (r: Invested) => r.investments),
          usdtMeasure(text('reports.measure.activePrincipalAtEnd'), (r: Invested) => r.activePrincipal, {
            mark: 'line',
            color: CHART_COLORS.water,
            legend: text('reports.measure.activePrincipal'),
          }),
        ]}
        filename="money-invested-active-principal"
      />
      <SignUpsCard
        title={text('reports.analytics.newInvestors.title')}
        description={text('reports.signUps.description')}
        query={users}
        filename="new-investors"
      />
      <SeriesReportCard
        title={text('reports.analytics.kyc.title')}
        description={text('reports.analytics.kyc.description')}
        query={kyc}
        rows={(data) => funnelSteps(data.funnel)}
        rowKey={(row: FunnelStep) => row.step}
        category={[text('reports.category.step'), (r: FunnelStep) => text(r.step)]}
        measures={[
          countMeasure(text('reports.measure.submissions'), (r: FunnelStep) => r.count, {
            mark: 'bar',
            color: CHART_COLORS.soil,
          }),
        ]}
        filename="kyc-funnel"
      />
    </ReportPage>
  );
}
